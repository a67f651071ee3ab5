// POST /api/user/user/my-tickets: the logged-in user's tickets, with the list conventions (`page`,
// `per-page`, `sort`, `filter[field][op]`) in the query string; answer `{data: {models, pagination}}`.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient, type QueryParams } from '@/shared/api/client';
import { dataOf, type ApiSchema, type ListData } from '@/shared/api/schema';

/**
 * A ticket of the logged-in user: `status` `valid` or `returned` (`used` reserved), `leg` `outbound` or
 * `back`; `hash_id` is the secret of the order's links (never shown); `order_number` the readable one,
 * `null` for orders placed before numbering.
 */
export type MyTicket = ApiSchema<'MyTicket'>;

/** A page of the list (the API's list envelope). */
export interface MyTicketsPage extends ListData<MyTicket> {
  pagination: { page: number; perPage: number; totalCount: number; pageCount: number };
}

export interface MyTicketsQuery {
  page: number;
  perPage: number;
  /** Only valid tickets whose course has not left yet (not a returned one). */
  upcoming?: boolean;
  /** One ticket (its page). */
  id?: string;
}

/** The list parameters; `now` decides what "upcoming" means. */
export function myTicketsParams(query: MyTicketsQuery, now: Date): QueryParams {
  return {
    page: query.page,
    'per-page': query.perPage,
    sort: query.upcoming ? 'departure_at' : '-departure_at',
    // A returned ticket is no journey ahead: upcoming lists the valid ones (issue #30).
    ...(query.upcoming ? { 'filter[departure_at][gte]': now.toISOString(), 'filter[status][eq]': 'valid' } : {}),
    ...(query.id ? { 'filter[id][eq]': query.id } : {}),
  };
}

export async function getMyTickets(query: MyTicketsQuery, { signal }: { signal?: AbortSignal } = {}): Promise<MyTicketsPage> {
  const body = await apiClient.post('/user/user/my-tickets', { params: myTicketsParams(query, new Date()), body: {}, signal });
  return dataOf<MyTicketsPage>(body);
}

export const myTicketsKey = ['my-tickets'] as const;

export function myTicketsQueryOptions(query: MyTicketsQuery) {
  return queryOptions({
    queryKey: [...myTicketsKey, query],
    queryFn: ({ signal }) => getMyTickets(query, { signal }),
  });
}

export function useMyTickets(query: MyTicketsQuery) {
  return useQuery({ ...myTicketsQueryOptions(query), placeholderData: keepPreviousData });
}

/** One of the user's tickets by id; `null` when it is not theirs (or does not exist). */
export function useMyTicket(id: string) {
  return useQuery({
    ...myTicketsQueryOptions({ page: 1, perPage: 1, id }),
    select: (page) => page.models[0] ?? null,
  });
}
