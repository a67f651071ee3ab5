// The list state lives in the URL, in the API's own words (`page`, `per-page`, `sort`,
// `filter[field][op]`): a link or the back button restores the list, and what the address bar says
// is exactly what the server is asked.
import type { QueryParams } from '@/shared/api/client';

import type { FilterDef } from './area';

export const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;
export const DEFAULT_PER_PAGE = 25;

export function filterKey(filter: Pick<FilterDef, 'field' | 'op'>): string {
  return `filter[${filter.field}][${filter.op}]`;
}

function positiveInt(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date input's day as the first or last second of that day (Warsaw time, as the API's filters take it). */
function dayBound(day: string, end: boolean): string {
  return DAY.test(day) ? `${day} ${end ? '23:59:59' : '00:00:00'}` : day;
}

/**
 * The URL's changes for a filter's input: one key for most filters; a day on a timestamp field is
 * sent as its first or last second, and a `day` filter sets both ends of that day.
 */
export function filterChanges(filter: FilterDef, value: string): Record<string, string> {
  if (filter.kind === 'day') {
    return {
      [filterKey({ field: filter.field, op: 'gte' })]: value && dayBound(value, false),
      [filterKey({ field: filter.field, op: 'lte' })]: value && dayBound(value, true),
    };
  }
  if (filter.kind === 'date' && filter.timestamp) return { [filterKey(filter)]: value && dayBound(value, filter.op === 'lte' || filter.op === 'lt') };
  return { [filterKey(filter)]: value };
}

/** What a filter's input shows for the URL (a day of a timestamp bound: its date). */
export function filterValue(filter: FilterDef, search: URLSearchParams): string {
  const value = search.get(filterKey(filter)) ?? '';
  return filter.kind === 'day' || (filter.kind === 'date' && filter.timestamp) ? value.slice(0, 10) : value;
}

/** The API's list query for the URL's search, with the defaults filled in. */
export function listParams(search: URLSearchParams, defaultSort: string): QueryParams {
  const params: QueryParams = {
    page: positiveInt(search.get('page'), 1),
    'per-page': positiveInt(search.get('per-page'), DEFAULT_PER_PAGE),
    sort: search.get('sort') || defaultSort,
  };
  for (const [key, value] of search) {
    if (key.startsWith('filter[') && value !== '') params[key] = value;
  }
  return params;
}

/**
 * The search with `changes` applied (an empty value removes the key). Any change but the page's own
 * starts again at page 1, so a new filter never shows an empty page 7.
 */
export function withParams(search: URLSearchParams, changes: Record<string, string>): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === '') next.delete(key);
    else next.set(key, value);
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}

/** The sort after a click on a column: ascending first, then it flips. */
export function nextSort(current: string, column: string): string {
  return current === column ? `-${column}` : column;
}

/** How a column is sorted now, for `aria-sort`. */
export function sortState(current: string, column: string): 'ascending' | 'descending' | 'none' {
  if (current === column) return 'ascending';
  if (current === `-${column}`) return 'descending';
  return 'none';
}

/** The list's filters and sort (no page), for the export link of a list page. */
export function exportSearch(params: URLSearchParams): string {
  return new URLSearchParams([...params].filter(([key]) => key.startsWith('filter[') || key === 'sort')).toString();
}
