// Personal data under RODO in the panel (issue 38): the requests (`privacy/request/all`), open ones by
// their deadline, each done by the person themselves (an account deleted, a guest's link) or here: a
// request received by letter, at the desk or by e-mail recorded, its data exported for the person,
// erased on their behalf, or closed; and the register of every erasure (`privacy/erasure/all`).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import { ADMIN_KEY } from './admin-data';

export const PRIVACY_REQUESTS = 'privacy/request';
export const ERASURES = 'privacy/erasure';

export type PrivacyRequest = ApiSchema<'PrivacyRequestView'>;
export type PrivacyRequestInput = ApiSchema<'PrivacyRequestInput'>;
export type PrivacyRequestDone = ApiSchema<'PrivacyRequestDone'>;
export type KeptData = ApiSchema<'KeptData'>;
export type Erasure = ApiSchema<'ErasureView'>;
export type PersonalData = ApiSchema<'MyData'>;

export async function recordRequest(input: PrivacyRequestInput): Promise<PrivacyRequestDone> {
  return dataOf<PrivacyRequestDone>(await apiClient.post(`${PRIVACY_REQUESTS}/save`, { body: input, toast: false }));
}

export type RequestStep = 'erase' | 'close';

export async function takeRequestStep(step: RequestStep, id: string): Promise<PrivacyRequestDone> {
  return dataOf<PrivacyRequestDone>(await apiClient.post(`${PRIVACY_REQUESTS}/${step}`, { body: { id }, toast: false }));
}

/** Everything held under an open request's e-mail, to send to the person. */
export async function exportRequest(id: string): Promise<PersonalData> {
  return dataOf<PersonalData>(await apiClient.get(`${PRIVACY_REQUESTS}/export`, { params: { id }, toast: false }));
}

/** After a request changed: its list, the register of erasures and the home page's count are read again. */
function useForgetPrivacy() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [[ADMIN_KEY, PRIVACY_REQUESTS], [ADMIN_KEY, ERASURES], [ADMIN_KEY, 'admin/home']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useRecordRequest() {
  const forget = useForgetPrivacy();
  return useMutation({ mutationFn: recordRequest, onSuccess: forget });
}

export function useRequestStep() {
  const forget = useForgetPrivacy();
  return useMutation({
    mutationFn: ({ step, id }: { step: RequestStep; id: string }) => takeRequestStep(step, id),
    // A refusal (done meanwhile, not found) is also a sign the list is stale.
    onSettled: forget,
  });
}

/** Reads an open request's data for the file; a refusal (done meanwhile) reads the list again. */
export function useExportRequest() {
  const forget = useForgetPrivacy();
  return useMutation({ mutationFn: (id: string) => exportRequest(id), onError: forget });
}
