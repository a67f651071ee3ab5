// The invoices of the admin panel: the list goes through the panel's data provider
// (`order/order-invoice/all`); here are its row's shape (the API document's) and the register of a period.
import { queryOptions } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import { ADMIN_KEY } from './admin-data';

export const INVOICES = 'order/order-invoice';

/** An invoice (`VAT`) or a correction (`KOR`) of an order, as the list shows it. Amounts in grosz. */
export type InvoiceRow = ApiSchema<'InvoiceListItem'>;

/** One document with its parties and its corrections. */
export type InvoiceDetails = ApiSchema<'InvoiceDetails'>;

/** The API's document links (the PDF for people, FA(3) XML for the national e-invoice system). */
export const invoicePdfUrl = (id: string) => `/api/${INVOICES}/pdf?id=${encodeURIComponent(id)}`;
export const invoiceFa3Url = (id: string) => `/api/${INVOICES}/fa3?id=${encodeURIComponent(id)}`;

/** The register of a period as of a day, replayed from the invoice events. */
export type Register = ApiSchema<'RegisterDocument'>;

export interface RegisterInput {
  as_of: string;
  from: string;
  to: string;
}

export function registerQuery(input: RegisterInput) {
  return queryOptions({
    queryKey: [ADMIN_KEY, INVOICES, 'register', input],
    queryFn: async ({ signal }) =>
      dataOf<Register>(await apiClient.get(`${INVOICES}/register`, { params: { ...input, format: 'json' }, signal, toast: false })),
  });
}
