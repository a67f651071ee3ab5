// Why a search in the URL of /search cannot run although it names both stops (issue #30): the page
// then says the date is wrong, rather than asking for the stops. Apart from search-params.ts, so the
// route's loader (in the first download) does not carry it.
import { DAY_PATTERN } from './search-params';

/** A `YYYY-MM-DD` that names a day of the calendar (not `2026-02-30`). */
function isDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const noon = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(noon.getTime()) && noon.toISOString().startsWith(value);
}

/**
 * The date field the URL's search gets wrong (missing, or not a day of the calendar) when it names
 * both stops; `null` when its dates are days, or when it names no stops (the page asks for those).
 */
export function searchParamsProblem(params: URLSearchParams): 'date' | 'dateBack' | null {
  const start = Number(params.get('start'));
  const end = Number(params.get('end'));
  if (!Number.isInteger(start) || start <= 0 || !Number.isInteger(end) || end <= 0) return null;
  if (!isDay(params.get('date') ?? '')) return 'date';
  if (params.get('tripMode') === 'round_trip' && !isDay(params.get('dateBack') ?? '')) return 'dateBack';
  return null;
}
