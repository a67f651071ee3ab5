// The orders of the admin panel (contract of issue 17): one order with its timeline, what an admin
// does to it (cancel, return or move a ticket on the customer's behalf, send the tickets again, change
// the customer's and invoice data) and the sale at the carrier's office. Lists go through the panel's
// one data provider (admin-data.ts); these are the calls that are no list.
//
// The timeline, the invoices and `payment_method` are new in the API: until web/openapi.json has them
// (`npm run openapi:pull`) their shapes are written here, as the contract gives them.
import { queryOptions, type QueryClient } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import type { InvoiceSummary } from '@/shared/api/invoice-summary';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import { ADMIN_KEY, oneQuery } from './admin-data';

export const ORDERS = 'order/order';

export type { InvoiceSummary };

export type PaymentMethod = 'online' | 'cash' | 'card_terminal';

export type OrderListItem = ApiSchema<'OrderListItem'> & { number?: string | null; route_id?: number };

export type AdminOrder = ApiSchema<'AdminOrderView'> & {
  invoices?: InvoiceSummary[];
  payment_method?: PaymentMethod;
};

export type AdminTicket = ApiSchema<'TicketView'>;

/** One thing that happened to an order, from any stream that took part (`GET …/timeline`). */
export interface TimelineEntry {
  stream: string;
  version: number | null;
  type: string;
  recorded_at: string;
  actor: { kind: 'customer' | 'admin' | 'process' | 'guest'; user_id: string | null; email: string | null };
  summary: string;
  summary_en: string;
  data: unknown;
}

export const orderQuery = (id: string) => oneQuery<AdminOrder>(ORDERS, id);

export function timelineQuery(id: string) {
  return queryOptions({
    queryKey: [ADMIN_KEY, ORDERS, 'timeline', id],
    queryFn: async ({ signal }) =>
      dataOf<TimelineEntry[]>(await apiClient.get(`${ORDERS}/timeline`, { params: { id }, signal, toast: false })),
    staleTime: 0,
  });
}

export type Cancelled = ApiSchema<'Cancelled'>;

export async function cancelOrder(id: string, reason: string): Promise<Cancelled> {
  return dataOf<Cancelled>(await apiClient.post(`${ORDERS}/cancel`, { body: { id, reason }, toast: false }));
}

/** Sends the tickets to the customer again, by e-mail or by SMS. */
export async function resendTickets(id: string, channel: 'email' | 'sms'): Promise<void> {
  await apiClient.post(channel === 'sms' ? `${ORDERS}/send-ticket-sms` : `${ORDERS}/send-ticket`, { params: { id } });
}

export type Returned = ApiSchema<'Returned'>;

/** Returns a ticket on the customer's behalf: an admin sends no code. */
export async function returnTicket(number: string): Promise<Returned> {
  return dataOf<Returned>(await apiClient.post(`${ORDERS}/return-ticket`, { body: { number }, toast: false }));
}

export type ChangeOptions = ApiSchema<'ChangeOptions'>;

export function changeOptionsQuery(number: string) {
  return queryOptions({
    queryKey: [ADMIN_KEY, ORDERS, 'change-options', number],
    queryFn: async ({ signal }) =>
      dataOf<ChangeOptions>(await apiClient.get('order/ticket/change-options', { params: { number }, signal, toast: false })),
    staleTime: 0,
  });
}

export type Changed = ApiSchema<'Changed'>;

export async function changeCourse(number: string, courseId: string): Promise<Changed> {
  return dataOf<Changed>(await apiClient.post(`${ORDERS}/change-course`, { body: { number, course_id: courseId }, toast: false }));
}

export interface CustomerInput {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  notify_by_sms: boolean;
}

export interface InvoiceInput {
  country: string;
  vat_number: string;
  company_name: string;
  address: string;
  postal_code: string;
  city: string;
}

export interface OrderChange {
  customer?: CustomerInput;
  invoice?: InvoiceInput | null;
  reason: string;
}

/** `PUT …/save?id=`: the customer's and invoice data (an issued invoice's change issues a correction). */
export async function saveOrder(id: string, change: OrderChange): Promise<AdminOrder> {
  return dataOf<AdminOrder>(await apiClient.put(`${ORDERS}/save`, { params: { id }, body: change, toast: false }));
}

/** `POST …/save`: a sale at the office, paid there; the body is the online order's plus the payment method. */
export async function createSale(body: unknown, idempotencyKey: string): Promise<AdminOrder> {
  return dataOf<AdminOrder>(
    await apiClient.post(`${ORDERS}/save`, { body, headers: { 'Idempotency-Key': idempotencyKey }, toast: false }),
  );
}

const POLL_TRIES = 6;
const POLL_MS = 300;

/**
 * After a change: the order as the read model has it once the change reached it. The projection
 * follows the events a moment later, so `one` is asked again until its `version` grows past the one
 * seen before (a few tries); then the order, its timeline and the list are read anew.
 */
export async function reloadOrder(queryClient: QueryClient, id: string, seenVersion: number): Promise<void> {
  const query = orderQuery(id);
  for (let attempt = 0; attempt < POLL_TRIES; attempt += 1) {
    const order = await queryClient.fetchQuery({ ...query, staleTime: 0, retry: false });
    if (order.version > seenVersion) break;
    await new Promise((resolve) => window.setTimeout(resolve, POLL_MS));
  }
  await queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, ORDERS] });
}
