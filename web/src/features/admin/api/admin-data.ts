// The panel's one data provider: the API's generic list, one, save and delete (docs/conventions.md, 'Lists'),
// for every area. Lists take the URL's query as it is (`page`, `per-page`, `sort`,
// `filter[field][op]`), so the list state in the address bar is exactly what the server is asked.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

import { isApiError } from '@/shared/api/api-error';
import { apiClient, type QueryParams } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import { exportSearch } from '../lib/list-params';

export type Pagination = ApiSchema<'Pagination'>;

export interface ListPage<Model = unknown> {
  models: Model[];
  pagination: Pagination;
}

export const ADMIN_KEY = 'admin';

export function listQuery(apiPath: string, params: QueryParams) {
  return queryOptions({
    queryKey: [ADMIN_KEY, apiPath, 'list', params],
    queryFn: async ({ signal }) => dataOf<ListPage>(await apiClient.get(`${apiPath}/all`, { params, signal, toast: false })),
    staleTime: 0,
  });
}

export function oneQuery<Model = unknown>(apiPath: string, id: string) {
  return queryOptions({
    queryKey: [ADMIN_KEY, apiPath, 'one', id],
    queryFn: async ({ signal }) => dataOf<Model>(await apiClient.get(`${apiPath}/one`, { params: { id }, signal, toast: false })),
    staleTime: 0,
    // Reads come from read models, which follow the writes a moment later: a record just created (a
    // coupon is an event stream) can answer 404 for a few hundred milliseconds.
    retry: (failures, error) => isApiError(error) && error.status === 404 && failures < 4,
    retryDelay: 300,
  });
}

/** Every record of a small list (a route's stops, the routes of a filter), up to 1000. */
export function useAllOf<Model>(apiPath: string, params: QueryParams = {}, enabled = true) {
  return useQuery({
    queryKey: [ADMIN_KEY, apiPath, 'all', params],
    queryFn: async ({ signal }) =>
      dataOf<ListPage<Model>>(await apiClient.get(`${apiPath}/all`, { params: { 'per-page': 1000, ...params }, signal }))
        .models,
    enabled,
  });
}

/** `POST …/save` for a new record, `PUT …/save?id=` for an edit. Failures are told by the caller. */
export async function saveRecord(apiPath: string, id: string | number | undefined, body: unknown, headers?: Record<string, string>) {
  const answer =
    id === undefined
      ? await apiClient.post(`${apiPath}/save`, { body, headers, toast: false })
      : await apiClient.put(`${apiPath}/save`, { params: { id }, body, toast: false });
  return dataOf<unknown>(answer);
}

export async function deleteRecord(apiPath: string, id: string | number) {
  return dataOf<unknown>(await apiClient.delete(`${apiPath}/delete`, { params: { id }, toast: false }));
}

/** Forgets every cached read of an API path (after a save or delete). */
export function useInvalidateArea() {
  const queryClient = useQueryClient();
  return (apiPath: string) => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, apiPath] });
}

/** Every page of `apiPath`'s list with the filters and sort of `params`. */
export async function allRows<Model>(apiPath: string, params: URLSearchParams): Promise<Model[]> {
  const rows: Model[] = [];
  const filters = new URLSearchParams(exportSearch(params));
  for (let page = 1; ; page += 1) {
    const query = Object.fromEntries([...filters, ['page', String(page)], ['per-page', '1000']]);
    const answer = dataOf<ListPage<Model>>(await apiClient.get(`${apiPath}/all`, { params: query, toast: false }));
    rows.push(...answer.models);
    if (page >= answer.pagination.pageCount) return rows;
  }
}

