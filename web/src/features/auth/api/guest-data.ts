// A guest's personal data (issue 38, RODO art. 15, 17 and 20), without an account: they ask for a link
// with an order's number and its e-mail (`POST /api/privacy/guest/link`, always 202: whether the order
// has this e-mail is not told), the link (`/personal-data?token=…`, a day's) shows the data of every
// order placed with that e-mail (`GET /api/privacy/guest/data`), and erases them
// (`POST /api/privacy/guest/erase`), after which the link is dead.
import { useMutation, useQuery } from '@tanstack/react-query';

import type { Locale } from '@/i18n/locales';
import { isApiError } from '@/shared/api/api-error';
import { apiClient } from '@/shared/api/client';

import { accountDeletedOf, type AccountDeleted } from './delete-my-account';
import { myDataOf, type MyData } from './my-data';

/** The link is unknown, used or expired (404). */
export const LINK_INVALID = 'privacy.link_invalid';

export const isLinkInvalid = (error: unknown) => isApiError(error) && error.code === LINK_INVALID;

export interface GuestLinkValues {
  number: string;
  email: string;
}

export async function askForGuestLink(values: GuestLinkValues, language: Locale): Promise<void> {
  // A refused field (422) is told under it; anything else as a toast.
  const body = { number: values.number.trim(), email: values.email.trim(), language };
  await apiClient.post('/privacy/guest/link', { body, toast: (error) => error.status !== 422 });
}

export function useGuestLink() {
  return useMutation({ mutationFn: ({ values, language }: { values: GuestLinkValues; language: Locale }) => askForGuestLink(values, language), meta: { loader: true } });
}

export async function getGuestData(token: string, { signal }: { signal?: AbortSignal } = {}): Promise<MyData> {
  // A dead link is told on the page, with the form to ask for a new one.
  return myDataOf(await apiClient.get('/privacy/guest/data', { params: { token }, signal, toast: (error) => !isLinkInvalid(error) }));
}

export function useGuestData(token: string) {
  // Not cached past the page: the link's data are the guest's, and gone once erased.
  return useQuery({ queryKey: ['privacy-guest', token], queryFn: ({ signal }) => getGuestData(token, { signal }), retry: false, gcTime: 0 });
}

export async function eraseGuestData(token: string): Promise<AccountDeleted> {
  return accountDeletedOf(await apiClient.post('/privacy/guest/erase', { body: { token }, toast: (error) => !isLinkInvalid(error) }));
}

export function useEraseGuestData() {
  return useMutation({ mutationFn: eraseGuestData, meta: { loader: true } });
}
