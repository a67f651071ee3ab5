// GET /api/order/order/success-data?hash_id=: the order as the customer sees it after paying (status,
// legs, lines, tickets with their QR codes). Polled by the after-payment page until it is paid.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { isApiError } from '@/shared/api/api-error';
import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

export type OrderLeg = ApiSchema<'LegView'>;
/** A ticket of the order: `leg` is `outbound` or `back`; `status` `valid` or `returned` (`used` reserved). */
export type OrderTicket = ApiSchema<'TicketView'>;
/**
 * The order: `hash_id` is the secret of its links (never shown as its number); `number` is the
 * readable one (`NB-2026-000123`), `null` for orders placed before orders were numbered; `status` is
 * `pending_payment`, `paid`, `expired`, `cancelled`, `returned` or `abandoned`.
 */
export type Order = ApiSchema<'OrderView'>;

export async function getOrder(hashId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Order> {
  const body = await apiClient.get('/order/order/success-data', { params: { hash_id: hashId }, signal, toast: false });
  return dataOf<Order>(body);
}

export function orderQueryOptions(hashId: string) {
  return queryOptions({
    queryKey: ['order', 'success-data', hashId],
    queryFn: ({ signal }) => getOrder(hashId, { signal }),
  });
}

/** What the payment page shows of an order placed from this tab (the place answer, or the order read again). */
export interface PlacedOrder {
  order_id: string;
  hash_id: string;
  /** The readable order number people see; the hash stays in links. */
  number: string;
  status: string;
  total: number;
  coupon_amount: number;
  to_pay: number;
  expires_at: string;
  payment_url: string | null;
}

export function placedOrderOf(order: Order): PlacedOrder {
  return {
    order_id: order.id,
    hash_id: order.hash_id,
    number: order.number ?? order.hash_id,
    status: order.status,
    total: order.total,
    coupon_amount: order.coupon_amount,
    to_pay: order.to_pay,
    expires_at: order.expires_at,
    payment_url: order.payment_url ?? null,
  };
}

/**
 * The order placed from this tab, as the payment page shows it. Placing puts the answer here
 * (`setQueryData`); after a reload it is read again from success-data. Not refetched meanwhile: the
 * page shows the reservation as it was made. A reload right after placing can ask before the read
 * model has the order (the projection follows the events a moment later): a 404 is asked again a few
 * times, 300 ms apart, before the page says there is no reservation.
 */
export const PLACED_ORDER_RETRIES = 10;

export function placedOrderQueryOptions(hashId: string) {
  return queryOptions({
    queryKey: ['order', 'placed', hashId],
    queryFn: async ({ signal }) => placedOrderOf(await getOrder(hashId, { signal })),
    staleTime: Infinity,
    retry: (failureCount, error) => isApiError(error) && error.status === 404 && failureCount < PLACED_ORDER_RETRIES,
    retryDelay: 300,
  });
}

/** How often the after-payment page asks again while the payment is not confirmed. */
export const PAYMENT_POLL_MS = 2_000;
/** How many times it asks before giving up (5 minutes; the page then offers to check again). */
export const PAYMENT_POLL_LIMIT = 150;

export function useOrder(hashId: string | null, { poll = false }: { poll?: boolean } = {}) {
  return useQuery({
    ...orderQueryOptions(hashId ?? ''),
    enabled: Boolean(hashId),
    staleTime: 0,
    refetchInterval: (query) =>
      poll && query.state.data?.status === 'pending_payment' && query.state.dataUpdateCount < PAYMENT_POLL_LIMIT
        ? PAYMENT_POLL_MS
        : false,
  });
}
