// The complaints of the admin panel: the list and one complaint go through the panel's data provider
// (`complaint/complaint/all`, `…/one`); here are their shapes (the API document's), the steps the
// carrier takes (acknowledge, accept, reject, answer), an attachment's download address, and the filing
// by the office for a passenger who phoned, wrote or came to the desk (issue 39: `received_via`, with
// the admin's token and one Idempotency-Key per filled form, the same on a retry).
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import { ADMIN_KEY } from './admin-data';

export const COMPLAINTS = 'complaint/complaint';

/** A complaint as the list shows it, with its deadlines as days left. */
export type ComplaintRow = ApiSchema<'ComplaintView'>;

/** One complaint with the order it is about. */
export type ComplaintDetails = ApiSchema<'ComplaintDetails'>;

/** How the office received a complaint it files (`phone`, `letter`, `desk`). */
export type ReceivedVia = ApiSchema<'ReceivedVia'>;

/** What the office files: the order's or a ticket's number, the passenger's e-mail (the answers go
 * there), the text, the language of the e-mails and how it came. */
export interface OfficeComplaintInput {
  number: string;
  email: string;
  text: string;
  language: 'pl' | 'en';
  received_via: ReceivedVia;
}

export type FiledComplaint = ApiSchema<'ComplaintFiled'>;

/** A filing to send: the input serialised (a retry sends the very same bytes) and its key. */
export interface OfficeFiling {
  body: string;
  key: string;
}

export async function fileForPassenger({ body, key }: OfficeFiling): Promise<FiledComplaint> {
  // Refusals (422) are shown at their fields.
  const answer = await apiClient.post(`${COMPLAINTS}/save`, { body: JSON.parse(body) as OfficeComplaintInput, headers: { 'Idempotency-Key': key }, toast: false });
  return dataOf<FiledComplaint>(answer);
}

export function useFileForPassenger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fileForPassenger,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, COMPLAINTS] }),
  });
}

export type ComplaintStep = 'acknowledge' | 'accept' | 'reject' | 'answer';

export const attachmentUrl = (id: string) => `/api/complaint/attachment/download?id=${encodeURIComponent(id)}`;

export async function takeStep(step: ComplaintStep, id: string, text?: string): Promise<void> {
  // Refusals (409, 422) are told on the page.
  await apiClient.post(`${COMPLAINTS}/${step}`, { body: text === undefined ? { id } : { id, text }, toast: false }).then(dataOf);
}

export function useComplaintStep(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ step, text }: { step: ComplaintStep; text?: string }) => takeStep(step, id, text),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, COMPLAINTS] }),
  });
}
