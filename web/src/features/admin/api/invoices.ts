// The invoices of the admin panel (contract of issue 17): the list goes through the panel's data
// provider (`order/order-invoice/all`); here are its row's shape and the register of a period.
// Until web/openapi.json has these endpoints (`npm run openapi:pull`), the shapes are the contract's.
import { queryOptions } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf } from '@/shared/api/schema';

import { ADMIN_KEY } from './admin-data';

export const INVOICES = 'order/order-invoice';

/** An invoice (`VAT`) or a correction (`KOR`) of an order. Amounts in grosz. */
export interface InvoiceRow {
  id: string;
  order_id: string;
  order_number: string | null;
  number: string;
  kind: 'VAT' | 'KOR';
  issued_at: string;
  sale_date: string;
  buyer_name: string;
  buyer_tax_id: string;
  net: number;
  net_formatted: string;
  vat: number;
  vat_formatted: string;
  gross: number;
  gross_formatted: string;
  corrects_number: string | null;
  corrects_id: string | null;
  reason: string | null;
}

/** The API's document links (the PDF for people, FA(3) XML for the national e-invoice system). */
export const invoicePdfUrl = (id: string) => `/api/${INVOICES}/pdf?id=${encodeURIComponent(id)}`;
export const invoiceFa3Url = (id: string) => `/api/${INVOICES}/fa3?id=${encodeURIComponent(id)}`;

export interface RegisterRow {
  number: string;
  kind: 'VAT' | 'KOR';
  issue_date: string;
  sale_date: string;
  buyer_name: string;
  buyer_tax_id: string;
  net: number;
  vat: number;
  gross: number;
  corrects_number: string | null;
}

export interface Register {
  as_of: string;
  from: string;
  to: string;
  rows: RegisterRow[];
  totals: { net: number; vat: number; gross: number };
}

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

export function registerCsvUrl(input: RegisterInput): string {
  return `/api/${INVOICES}/register?${new URLSearchParams({ ...input, format: 'csv' }).toString()}`;
}
