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
