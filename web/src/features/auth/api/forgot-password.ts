// POST /api/user/auth/forgot-password {email}: e-mails a reset link if the address has an account.
// The answer is the same either way (no account enumeration).
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiClient } from '@/shared/api/client';

import type { ForgotValues } from '../lib/validation';

const responseSchema = z.object({ data: z.object({ message: z.string() }) });

export async function forgotPassword(values: ForgotValues): Promise<string> {
  const body = await apiClient.post('/user/auth/forgot-password', { body: { email: values.email.trim() } });
  return responseSchema.parse(body).data.message;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (values: ForgotValues) => forgotPassword(values), meta: { loader: true } });
}
