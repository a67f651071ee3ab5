// POST /api/user/user/my-tickets: the logged-in user's tickets, with the list conventions (`page`,
// `per-page`, `sort`, `filter[field][op]`) in the query string; answer `{data: {models, pagination}}`.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiClient, type QueryParams } from '@/shared/api/client';

export const myTicketSchema = z.object({
  id: z.string(),
  number: z.string(),
  code: z.string(),
  /** `valid`, `returned` (`used` reserved). */
  status: z.string(),
  /** `outbound` or `back`. */
  leg: z.string(),
  price: z.int(),
  price_formatted: z.optional(z.string()),
  order_id: z.string(),
  /** The secret of the order's links: used in URLs only, never shown as its number. */
  hash_id: z.string(),
  /** The order's readable number (`NB-2026-000123`); `null` for orders placed before numbering. */
  order_number: z.nullable(z.string()),
  order_status: z.string(),
  route_name: z.string(),
  from_name: z.string(),
  to_name: z.string(),
  departure_at: z.string(),
  arrival_at: z.string(),
  course_changed: z.optional(z.boolean()),
});

export type MyTicket = z.infer<typeof myTicketSchema>;

const paginationSchema = z.object({
  page: z.int(),
  perPage: z.int(),
  totalCount: z.int(),
  pageCount: z.int(),
});

const responseSchema = z.object({ data: z.object({ models: z.array(myTicketSchema), pagination: paginationSchema }) });

export type MyTicketsPage = z.infer<typeof responseSchema>['data'];

export interface MyTicketsQuery {
  page: number;
  perPage: number;
  /** Only tickets whose course has not left yet. */
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
    ...(query.upcoming ? { 'filter[departure_at][gte]': now.toISOString() } : {}),
    ...(query.id ? { 'filter[id][eq]': query.id } : {}),
  };
}

export async function getMyTickets(query: MyTicketsQuery, { signal }: { signal?: AbortSignal } = {}): Promise<MyTicketsPage> {
  const body = await apiClient.post('/user/user/my-tickets', { params: myTicketsParams(query, new Date()), body: {}, signal });
  return responseSchema.parse(body).data;
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
