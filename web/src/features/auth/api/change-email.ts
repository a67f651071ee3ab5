// POST /api/user/user/change-email {email, password}: the logged-in customer asks to correct the
// account's e-mail (RODO art. 16). A link goes to the new address (valid 24 hours) and a notice to the
// old one; the account keeps its address, and its login, until the link is opened (confirm-email.ts).
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';

import type { ApiError } from '@/shared/api/api-error';
import { apiClient } from '@/shared/api/client';
import type { ApiSchema } from '@/shared/api/schema';

export type ChangeEmailInput = ApiSchema<'ChangeEmailInput'>;

const responseSchema = z.object({ data: z.object({ message: z.string(), email: z.string() }) });

/** The form says these itself: its fields' errors under them, too many wrong passwords (429) and an
 * e-mail that could not be sent (503) above its button. Anything else is a toast. */
const toldByTheForm = (error: ApiError) => error.errors.length > 0 || error.status === 429 || error.status === 503;

export async function changeEmail(input: ChangeEmailInput): Promise<void> {
  const body = await apiClient.post('/user/user/change-email', {
    body: { email: input.email.trim(), password: input.password },
    toast: (error) => !toldByTheForm(error),
  });
  responseSchema.parse(body);
}

export function useChangeEmail() {
  return useMutation({ mutationFn: (input: ChangeEmailInput) => changeEmail(input), meta: { loader: true } });
}
