// KSeF's announced outages (`GET /order/ksef-outage/all`, `POST /order/ksef-outage/save`): the list
// of announcements with who entered them, the sender's last trouble and whether offline invoicing is
// possible (the offline certificate); and the entry of a new announcement, after which the deadlines
// (the alert above the invoice list) are read again.
import { queryOptions } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import { ADMIN_KEY } from './admin-data';
import { INVOICES } from './invoices';

export type KsefOutages = ApiSchema<'KsefOutages'>;
export type KsefOutageInput = ApiSchema<'KsefOutageInput'>;

export const KSEF_OUTAGES_KEY = [ADMIN_KEY, INVOICES, 'ksef-outages'] as const;
/** The deadline alert's key: an outage entered may move its deadlines. */
export const KSEF_DEADLINES_KEY = [ADMIN_KEY, INVOICES, 'ksef-deadlines'] as const;

export function ksefOutagesQuery() {
  return queryOptions({
    queryKey: KSEF_OUTAGES_KEY,
    queryFn: async ({ signal }) => dataOf<KsefOutages>(await apiClient.get('order/ksef-outage/all', { signal, toast: false })),
    staleTime: 60_000,
    retry: false,
  });
}

/** Enter an announcement; a 422 names the field that is wrong (nothing entered). */
export async function saveKsefOutage(input: KsefOutageInput) {
  return dataOf<ApiSchema<'KsefOutageEntered'>>(await apiClient.post('order/ksef-outage/save', { body: input, toast: false }));
}
