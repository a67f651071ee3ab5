// GET /api/order/order/success-data?hash_id=: the order as the customer sees it after paying (status,
// legs, lines, tickets with their QR codes). Polled by the after-payment page until it is paid.
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiClient } from '@/shared/api/client';

const legSchema = z.object({
  kind: z.optional(z.string()),
  course_id: z.string(),
  route_id: z.optional(z.number()),
  route_name: z.string(),
  from_waypoint_id: z.optional(z.number()),
  from_name: z.string(),
  to_waypoint_id: z.optional(z.number()),
  to_name: z.string(),
  departure_at: z.string(),
  arrival_at: z.string(),
  unit_price: z.optional(z.int()),
});

export type OrderLeg = z.infer<typeof legSchema>;

const lineSchema = z.object({
  line: z.int(),
  quantity: z.int(),
  discount: z.nullish(z.looseObject({ discount_id: z.int(), name: z.string() })),
  outbound_price: z.int(),
  back_price: z.nullish(z.int()),
  total: z.int(),
});

const ticketSchema = z.object({
  id: z.string(),
  number: z.string(),
  code: z.string(),
  /** `outbound` or `back`. */
  leg: z.string(),
  price: z.int(),
  price_formatted: z.optional(z.string()),
  /** `valid`, `returned` (`used` reserved). */
  status: z.string(),
  course_changed: z.optional(z.boolean()),
  qr_svg: z.string(),
});

export type OrderTicket = z.infer<typeof ticketSchema>;

export const orderSchema = z.object({
  id: z.string(),
  /** The secret of the order's links: used in URLs only, never shown as its number. */
  hash_id: z.string(),
  /** The readable number (`NB-2026-000123`); `null` for orders placed before orders were numbered. */
  number: z.nullable(z.string()),
  /** `pending_payment`, `paid`, `expired`, `cancelled`, `returned`, `abandoned`. */
  status: z.string(),
  placed_at: z.string(),
  expires_at: z.string(),
  paid_at: z.nullish(z.string()),
  customer: z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.optional(z.string()),
    notify_by_sms: z.optional(z.union([z.boolean(), z.number()])),
  }),
  invoice: z.nullish(
    z.object({
      country: z.string(),
      vat_number: z.string(),
      company_name: z.string(),
      address: z.string(),
      postal_code: z.string(),
      city: z.string(),
    }),
  ),
  outbound: legSchema,
  back: z.nullish(legSchema),
  lines: z.array(lineSchema),
  coupon: z.nullish(z.object({ code: z.string(), amount: z.int() })),
  total: z.int(),
  to_pay: z.int(),
  payment_url: z.nullish(z.string()),
  tickets: z.array(ticketSchema),
});

export type Order = z.infer<typeof orderSchema>;

const responseSchema = z.object({ data: orderSchema });

export async function getOrder(hashId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Order> {
  const body = await apiClient.get('/order/order/success-data', { params: { hash_id: hashId }, signal, toast: false });
  return responseSchema.parse(body).data;
}

export function orderQueryOptions(hashId: string) {
  return queryOptions({
    queryKey: ['order', 'success-data', hashId],
    queryFn: ({ signal }) => getOrder(hashId, { signal }),
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
