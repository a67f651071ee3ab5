// POST /api/user/auth/register: creates an inactive account and e-mails its activation link.
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiClient } from '@/shared/api/client';
import { authUserSchema } from '@/shared/auth/user-schema';

import type { RegisterValues } from '../lib/validation';

const responseSchema = z.object({ data: z.object({ message: z.string(), user: authUserSchema }) });

export async function register(values: RegisterValues) {
  const body = await apiClient.post('/user/auth/register', {
    body: {
      email: values.email.trim(),
      password: values.password,
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      phone: values.phone.trim(),
    },
  });
  return responseSchema.parse(body).data;
}

export function useRegister() {
  return useMutation({ mutationFn: (values: RegisterValues) => register(values), meta: { loader: true } });
}
