// POST /api/order/order/place with an Idempotency-Key: holds the seats and records the order, pending
// payment. 201 with the payment link; 409 when the seats are gone; 422 for bad input or coupon.
import * as z from 'zod/mini';

import { apiClient } from '@/shared/api/client';

import type { BookingCourse, Customer, Invoice } from '../stores/booking-store';

/** The booking state as the backend reads it (validate and place). */
export interface OrderRequest {
  course: BookingCourse;
  courseReturn?: BookingCourse;
  tickets: { qty: number; discount_id: number | null }[];
  customer: Customer;
  invoice: Invoice;
  coupon: { code: string | null };
}

const placedSchema = z.object({
  order_id: z.string(),
  hash_id: z.string(),
  /** The readable order number (`NB-2026-000123`). */
  number: z.string(),
  status: z.string(),
  total: z.int(),
  total_formatted: z.optional(z.string()),
  coupon_amount: z.int(),
  coupon_amount_formatted: z.optional(z.string()),
  to_pay: z.int(),
  to_pay_formatted: z.optional(z.string()),
  expires_at: z.string(),
  payment_url: z.nullable(z.string()),
});

export type PlacedOrderAnswer = z.infer<typeof placedSchema>;

const responseSchema = z.object({ data: placedSchema });

/**
 * Sends `body` (already serialised: a retry must send the very same bytes with the same key, or the
 * backend refuses the key as reused for another request).
 */
export async function placeOrder(body: string, idempotencyKey: string, locale: string): Promise<PlacedOrderAnswer> {
  const answer = await apiClient.post('/order/order/place', {
    body: JSON.parse(body) as unknown,
    // The language decides where the gateway sends the customer back (`/en/order/after-payment`).
    headers: { 'Idempotency-Key': idempotencyKey, 'Accept-Language': locale },
    toast: false,
  });
  return responseSchema.parse(answer).data;
}
