// The orders of the admin panel (contract of issue 17): one order with its timeline, what an admin
// does to it (cancel, return or move a ticket on the customer's behalf, send the tickets again, change
// the customer's and invoice data) and the sale at the carrier's office. Lists go through the panel's
// one data provider (admin-data.ts); these are the calls that are no list. Shapes are the API
// document's (web/openapi.json), narrowed where the document gives a string of known values.
import { queryOptions, type QueryClient } from '@tanstack/react-query';

import { isApiError } from '@/shared/api/api-error';
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

/** What a change of the customer's or invoice data did (`PUT …/save`). */
export type OrderSaved = ApiSchema<'OrderSaved'>;

/** A placed order: its id, number, amounts and where to pay (`POST …/save` at the office: nowhere). */
export type Placed = ApiSchema<'Placed'>;

export type AdminTicket = ApiSchema<'TicketView'>;

/** One thing that happened to an order, from any stream that took part (`GET …/timeline`). */
export type TimelineEntry = ApiSchema<'TimelineEntry'>;

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

/** The desk's print of an order: for the 80 mm receipt printer or A4. */
export type PrintFormat = 'receipt' | 'a4';

/** The address of an order's tickets and confirmation of payment as a PDF in `format` (admin). */
/** The print of an order's tickets; `lang` names the file (`bilety-…` or `tickets-…`). */
export const printUrl = (id: string, format: PrintFormat, lang: 'pl' | 'en' = 'pl') =>
  `/api/${ORDERS}/print?id=${encodeURIComponent(id)}&format=${format}&lang=${lang}`;

/** Sends the tickets to the customer again, by e-mail or by SMS. */
export async function resendTickets(id: string, channel: 'email' | 'sms'): Promise<void> {
  await apiClient.post(channel === 'sms' ? `${ORDERS}/send-ticket-sms` : `${ORDERS}/send-ticket`, { params: { id } });
}

export type Returned = ApiSchema<'Returned'>;

/** What returning a ticket would give back and where, decided as the return decides it and recorded
 * nowhere (`POST …/return-quote`, the call the customer's site makes before its confirmation; an admin
 * sends no code). */
export type ReturnQuote = ApiSchema<'ReturnQuote'>;

export function returnQuoteQuery(number: string) {
  return queryOptions({
    queryKey: [ADMIN_KEY, ORDERS, 'return-quote', number],
    queryFn: async () => dataOf<ReturnQuote>(await apiClient.post(`${ORDERS}/return-quote`, { body: { number }, toast: false })),
    // A refusal (too late, returned already) is the answer: asking again changes nothing.
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

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
export async function saveOrder(id: string, change: OrderChange): Promise<OrderSaved> {
  return dataOf<OrderSaved>(await apiClient.put(`${ORDERS}/save`, { params: { id }, body: change, toast: false }));
}

/** `POST …/save`: a sale at the office, paid there; the body is the online order's plus the payment method. */
export async function createSale(body: unknown, idempotencyKey: string): Promise<Placed> {
  return dataOf<Placed>(
    await apiClient.post(`${ORDERS}/save`, { body, headers: { 'Idempotency-Key': idempotencyKey }, toast: false }),
  );
}

const POLL_TRIES = 6;
const POLL_MS = 300;

/**
 * After a change: the order as the read model has it once the change reached it. The projection
 * follows the events a moment later, so `one` is asked again until its `version` grows past
 * `seenVersion` (a few tries; a new order is not there at first: -1 waits for it to be there at all);
 * then the order, its timeline and the list are read anew. Answers the order as last read.
 */
export async function reloadOrder(queryClient: QueryClient, id: string, seenVersion: number): Promise<AdminOrder | undefined> {
  const query = orderQuery(id);
  let order: AdminOrder | undefined;
  for (let attempt = 0; attempt < POLL_TRIES; attempt += 1) {
    try {
      order = await queryClient.fetchQuery({ ...query, staleTime: 0, retry: false });
      if (order.version > seenVersion) break;
    } catch (error) {
      if (!(isApiError(error) && error.status === 404)) throw error;
    }
    await new Promise((resolve) => window.setTimeout(resolve, POLL_MS));
  }
  await queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, ORDERS] });
  return order;
}

