// POST /api/order/order/place with an Idempotency-Key: holds the seats and records the order, pending
// payment. 201 with the payment link; 409 when the seats are gone; 422 for bad input or coupon.
import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

/** A course between two stops, as the search found it (the backend reads the course and stop ids). */
export type BookingCourse = Pick<
  ApiSchema<'Connection'>,
  'course_id' | 'route_id' | 'route_name' | 'from' | 'to' | 'departure_at' | 'arrival_at' | 'duration_minutes' | 'price' | 'seats_available'
>;

/** A yes/no as the form keeps it (the document's `Flag` also takes booleans and text). */
export type Flag = 0 | 1;

/** Every field of `T` present, the `flags` as the form's 0/1. */
type FormOf<T, Flags extends keyof T> = Omit<Required<T>, Flags> & { [K in Flags]: Flag };

/** The customer as the document has it (`BookingCustomer`), and the logged-in user's id, when there is one. */
export type Customer = FormOf<ApiSchema<'BookingCustomer'>, 'consent_statute' | 'consent_gdpr' | 'notify_by_sms'> & {
  id: string | null;
};

/** The invoice asked for, as the document has it (`BookingInvoice`); the country is always chosen. */
export type Invoice = FormOf<ApiSchema<'BookingInvoice'>, 'is_selected'> & { country: string };

/** The booking state as the backend reads it (validate and place): the document's `OrderRequest`. */
export type OrderRequest = ApiSchema<'OrderRequest'> & {
  course: BookingCourse;
  courseReturn?: BookingCourse;
  tickets: Required<ApiSchema<'BookingTicket'>>[];
  customer: Customer;
  invoice: Invoice;
  coupon: { code: string | null };
};

/** What placing answers: the order's ids, its readable number (`NB-2026-000123`), the sums and the payment link. */
export type PlacedOrderAnswer = ApiSchema<'Placed'>;

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
  return dataOf<PlacedOrderAnswer>(answer);
}
