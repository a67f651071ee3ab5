// The search as it lives in the URL of /search: `?tripMode=&start=&end=&date=&dateBack=`.
import type { SearchInput } from '../api/search-connections';

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The search in the URL, or null when it is incomplete or malformed. */
export function parseSearchParams(params: URLSearchParams): SearchInput | null {
  const tripMode = params.get('tripMode') === 'round_trip' ? 'round_trip' : 'one_way';
  const start = Number(params.get('start'));
  const end = Number(params.get('end'));
  const date = params.get('date') ?? '';
  const dateBack = params.get('dateBack') ?? '';
  if (!Number.isInteger(start) || start <= 0 || !Number.isInteger(end) || end <= 0) return null;
  if (!DAY_PATTERN.test(date)) return null;
  if (tripMode === 'round_trip') {
    if (!DAY_PATTERN.test(dateBack)) return null;
    return { tripMode, start, end, date, dateBack };
  }
  return { tripMode, start, end, date };
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
