// POST /api/complaint/complaint/save: files a complaint about an order or a ticket (public). The files
// go as base64 in the JSON body; the server tells their type by their content, so the form checks only
// what it can say early (how many, how large) and leaves the rest to the answer's codes. Each filled
// form sends one Idempotency-Key, the same on a retry with the same bytes, so a retry after a lost
// answer gets the complaint filed the first time instead of filing a second one.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { ComplaintFileInput } from '@/shared/api/limits.gen';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import { myComplaintsKey } from './get-my-complaints';

/** The filed complaint: its id, number and deadlines. */
export type FiledComplaint = ApiSchema<'ComplaintFiled'>;

/** At most this many files, of at most this many bytes each (as the server's rule). */
/** The most attachments a complaint takes (the document's `maxItems`). */
export const MAX_FILES: number = ComplaintFileInput.attachments.maxItems;
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export interface ComplaintFile {
  name: string;
  /** The file's bytes in base64. */
  content: string;
}

export interface FileComplaintInput {
  number: string;
  email: string;
  text: string;
  language: 'pl' | 'en';
  attachments: ComplaintFile[];
}

/** A file's bytes as base64, read in the browser. */
export async function toBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

/** A filing to send: the input serialised (a retry sends the very same bytes) and its key. */
export interface ComplaintAttempt {
  body: string;
  key: string;
}

export async function fileComplaint({ body, key }: ComplaintAttempt): Promise<FiledComplaint> {
  // Refusals (422) are explained next to the form.
  const answer = await apiClient.post('/complaint/complaint/save', { body: JSON.parse(body) as FileComplaintInput, headers: { 'Idempotency-Key': key }, toast: false });
  return dataOf<FiledComplaint>(answer);
}

export function useFileComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fileComplaint,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myComplaintsKey }),
  });
}
