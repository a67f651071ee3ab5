// The finance month (docs/finance.md): the month's JPK_V7M(3) (what it holds, or the file itself) and the
// sales register of every sale, made by the server from the events.
import { queryOptions } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import { ADMIN_KEY } from './admin-data';

export type JpkSummary = ApiSchema<'JpkSummary'>;
export type SalesRegister = ApiSchema<'SalesRegister'>;
export type SalesRecord = ApiSchema<'SalesRecord'>;

const FINANCE = 'finance';

export interface JpkInput {
  /** `YYYY-MM`. */
  month: string;
  /** The tax office's four-digit code (KodUrzedu). */
  tax_office: string;
  /** A correction of a file filed before (CelZlozenia 2). */
  correction: boolean;
}

const jpkParams = ({ month, tax_office, correction }: JpkInput) => ({ month, tax_office, ...(correction ? { correction: 'true' } : {}) });

/** What the month's file holds (`format=json`): its rows, the declaration's sums, the documents not in KSeF. */
export function jpkSummaryQuery(input: JpkInput) {
  return queryOptions({
    queryKey: [ADMIN_KEY, FINANCE, 'jpk', input],
    queryFn: async ({ signal }) =>
      dataOf<JpkSummary>(await apiClient.get(`${FINANCE}/jpk`, { params: { ...jpkParams(input), format: 'json' }, signal, toast: false })),
    retry: false,
    staleTime: 0,
  });
}

/** The file itself (XML), fetched with the admin's token. */
export const jpkUrl = (input: JpkInput) => `/api/${FINANCE}/jpk?${new URLSearchParams(jpkParams(input)).toString()}`;

export function salesRegisterQuery(month: string) {
  return queryOptions({
    queryKey: [ADMIN_KEY, FINANCE, 'sales-register', month],
    queryFn: async ({ signal }) => dataOf<SalesRegister>(await apiClient.get(`${FINANCE}/sales-register`, { params: { month }, signal, toast: false })),
    retry: false,
    staleTime: 0,
  });
}

/** The register as the server writes it for a spreadsheet (CSV). */
export const salesRegisterCsvUrl = (month: string) => `/api/${FINANCE}/sales-register?month=${encodeURIComponent(month)}&format=csv`;
