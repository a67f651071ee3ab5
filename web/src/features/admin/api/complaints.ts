// The complaints of the admin panel: the list and one complaint go through the panel's data provider
// (`complaint/complaint/all`, `…/one`); here are their shapes (the API document's), the steps the
// carrier takes (acknowledge, accept, reject, answer) and an attachment's download address.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import { ADMIN_KEY } from './admin-data';

export const COMPLAINTS = 'complaint/complaint';

/** A complaint as the list shows it, with its deadlines as days left. */
export type ComplaintRow = ApiSchema<'ComplaintView'>;

/** One complaint with the order it is about. */
export type ComplaintDetails = ApiSchema<'ComplaintDetails'>;

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
