// POST /api/course/discount/calculate-for-tickets: the price of each ticket line for the chosen
// course(s). The answer's tickets replace the booking's list (docs/web.md, 'Live prices').
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import type { BookingCourse } from './place-order';

/** The priced lines (each `price` per passenger, both legs, after the discount) and their sum. */
export type TicketPrices = ApiSchema<'Priced'>;

export interface CalculateInput {
  tickets: { qty: number; discount_id: number | null }[];
  course: BookingCourse;
  courseReturn: BookingCourse | null;
}

export async function calculateTickets(input: CalculateInput, { signal }: { signal?: AbortSignal } = {}) {
  const body = await apiClient.post('/course/discount/calculate-for-tickets', {
    body: { tickets: input.tickets, course: input.course, ...(input.courseReturn ? { courseReturn: input.courseReturn } : {}) },
    signal,
    toast: false,
  });
  return dataOf<TicketPrices>(body);
}

/** The query of the prices for `input`; shared by the hook and the order page's loader. */
export function ticketPricesQueryOptions(input: CalculateInput | null) {
  return queryOptions({
    queryKey: [
      'ticket-prices',
      input?.course.course_id,
      input?.course.from.id,
      input?.course.to.id,
      input?.courseReturn?.course_id ?? null,
      input?.tickets ?? [],
    ],
    queryFn: ({ signal }) => calculateTickets(input as CalculateInput, { signal }),
    staleTime: 60_000,
  });
}

/** Prices for the lines; `null` input (lines not valid yet) asks for nothing. */
export function useTicketPrices(input: CalculateInput | null) {
  return useQuery({
    ...ticketPricesQueryOptions(input),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
}
