// The search as it lives in the URL of /search: `?tripMode=&start=&end=&date=&dateBack=`.
import type { SearchInput } from '../api/search-connections';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The search in the URL, or null when it is incomplete or malformed. */
export function parseSearchParams(params: URLSearchParams): SearchInput | null {
  const tripMode = params.get('tripMode') === 'round_trip' ? 'round_trip' : 'one_way';
  const start = Number(params.get('start'));
  const end = Number(params.get('end'));
  const date = params.get('date') ?? '';
  const dateBack = params.get('dateBack') ?? '';
  if (!Number.isInteger(start) || start <= 0 || !Number.isInteger(end) || end <= 0) return null;
  if (!isDay(date)) return null;
  if (tripMode === 'round_trip') {
    if (!isDay(dateBack)) return null;
    return { tripMode, start, end, date, dateBack };
  }
  return { tripMode, start, end, date };
}

/** A `YYYY-MM-DD` that names a day of the calendar (not `2026-02-30`). */
function isDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const noon = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(noon.getTime()) && noon.toISOString().startsWith(value);
}

/**
 * Why the URL's search cannot be run although it names both stops: its date (or return date) is
 * missing or not a day. `null` when it can run, or names no stops (then there is nothing to fix but
 * the stops, and the page asks for them).
 */
export function searchParamsProblem(params: URLSearchParams): 'date' | 'dateBack' | null {
  const start = Number(params.get('start'));
  const end = Number(params.get('end'));
  if (!Number.isInteger(start) || start <= 0 || !Number.isInteger(end) || end <= 0) return null;
  if (!isDay(params.get('date') ?? '')) return 'date';
  if (params.get('tripMode') === 'round_trip' && !isDay(params.get('dateBack') ?? '')) return 'dateBack';
  return null;
}

export function toSearchParams(input: SearchInput): URLSearchParams {
  const params = new URLSearchParams({
    tripMode: input.tripMode,
    start: String(input.start),
    end: String(input.end),
    date: input.date,
  });
  if (input.tripMode === 'round_trip' && input.dateBack) params.set('dateBack', input.dateBack);
  return params;
}

export function addDay(isoDay: string): string {
  const date = new Date(`${isoDay}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
