// POST /api/user/auth/login: {email, password} -> {data: {token, user}} (both read from data;
// docs/accounts.md, 'A session is a bearer token').
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiClient } from '@/shared/api/client';
import { authUserSchema } from '@/shared/auth/user-schema';

import type { LoginValues } from '../lib/validation';

const responseSchema = z.object({ data: z.object({ token: z.string(), user: authUserSchema }) });

export type Session = z.infer<typeof responseSchema>['data'];

export async function login(values: LoginValues): Promise<Session> {
  const body = await apiClient.post('/user/auth/login', {
    body: { email: values.email.trim(), password: values.password },
  });
  return responseSchema.parse(body).data;
}

/** Logs in and hands the session to `onSession` (the form stores it; the page's guard then moves on). */
export function useLogin(onSession: (session: Session) => void) {
  return useMutation({
    mutationFn: (values: LoginValues) => login(values),
    meta: { loader: true },
    onSuccess: (session) => onSession(session),
  });
}
