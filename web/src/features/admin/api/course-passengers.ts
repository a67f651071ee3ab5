// A course's passengers as its admin page lists them: every ticket the course carries (the driver's
// manifest, `GET /order/driver/manifest`, which a SuperAdmin may read: number, passenger, stretch and
// state, a returned ticket too), each with its order: the tickets list (`GET /order/ticket/all`, by the
// course) names a ticket's order, the orders list (`GET /order/order/all`, by id) its number.
import { queryOptions } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import { ADMIN_KEY, type ListPage } from './admin-data';

type Manifest = ApiSchema<'Manifest'>;
type AdminTicket = ApiSchema<'AdminTicket'>;
type OrderRow = ApiSchema<'OrderListItem'>;

/** A ticket's state on the course: `valid`, `used`, `returned` or `cancelled` (its order was). */
export type PassengerState = 'valid' | 'used' | 'returned' | 'cancelled';

export interface CoursePassenger {
  number: string;
  passenger: string;
  from_name: string;
  to_name: string;
  state: PassengerState;
  /** The ticket's order (`null` if the tickets list does not name it). */
  order: { id: string; number: string } | null;
}

export interface CoursePassengers {
  tickets: CoursePassenger[];
  /** The passengers the course carries: its valid and used tickets (a returned or cancelled one is no passenger). */
  count: number;
}

const STATES: readonly string[] = ['valid', 'used', 'returned', 'cancelled'];
/** Order ids asked for at once (`filter[id][in]`). */
const ORDERS_AT_ONCE = 25;
const ALL = 1000;

/** Whether a ticket in this state is a passenger of the course. */
export const travels = (state: PassengerState) => state === 'valid' || state === 'used';

async function ordersByIds(ids: string[], signal: AbortSignal | undefined): Promise<Map<string, string>> {
  const numbers = new Map<string, string>();
  const batches: string[][] = [];
  for (let start = 0; start < ids.length; start += ORDERS_AT_ONCE) batches.push(ids.slice(start, start + ORDERS_AT_ONCE));
  const pages = await Promise.all(
    batches.map(async (batch) =>
      dataOf<ListPage<OrderRow>>(
        await apiClient.get('/order/order/all', { params: { 'filter[id][in]': batch.join(','), 'per-page': ALL }, signal, toast: false }),
      ),
    ),
  );
  for (const page of pages) for (const order of page.models) numbers.set(order.id, order.number ?? order.hash_id);
  return numbers;
}

export async function getCoursePassengers(courseId: string, signal?: AbortSignal): Promise<CoursePassengers> {
  const [manifest, tickets] = await Promise.all([
    apiClient.get('/order/driver/manifest', { params: { course_id: courseId }, signal, toast: false }).then((body) => dataOf<Manifest>(body)),
    apiClient
      .get('/order/ticket/all', { params: { 'filter[course_id][eq]': courseId, 'per-page': ALL }, signal, toast: false })
      .then((body) => dataOf<ListPage<AdminTicket>>(body)),
  ]);
  const orderOf = new Map(tickets.models.map((ticket) => [ticket.number, ticket.order_id]));
  const numbers = await ordersByIds([...new Set(orderOf.values())], signal);
  const rows = manifest.tickets.map((ticket): CoursePassenger => {
    const orderId = orderOf.get(ticket.number);
    return {
      number: ticket.number,
      passenger: ticket.passenger,
      from_name: ticket.from_name,
      to_name: ticket.to_name,
      state: (STATES.includes(ticket.status) ? ticket.status : 'valid') as PassengerState,
      order: orderId ? { id: orderId, number: numbers.get(orderId) ?? orderId } : null,
    };
  });
  return { tickets: rows, count: rows.filter((row) => travels(row.state)).length };
}

export const coursePassengersKey = (courseId: string) => [ADMIN_KEY, 'course/course', 'passengers', courseId] as const;

export function coursePassengersQuery(courseId: string) {
  return queryOptions({
    queryKey: coursePassengersKey(courseId),
    queryFn: ({ signal }) => getCoursePassengers(courseId, signal),
    retry: false,
    staleTime: 0,
  });
}
