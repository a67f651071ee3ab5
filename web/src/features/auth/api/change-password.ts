// POST /api/user/auth/change-password: with the e-mailed link's token ({token, password}), or logged in
// with the current password ({old_password, password}).
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiClient } from '@/shared/api/client';

const responseSchema = z.object({ data: z.object({ message: z.string() }) });

export type ChangePasswordInput = { token: string; password: string } | { old_password: string; password: string };

export async function changePassword(input: ChangePasswordInput): Promise<string> {
  const body = await apiClient.post('/user/auth/change-password', { body: input });
  return responseSchema.parse(body).data.message;
}

export function useChangePassword() {
  return useMutation({ mutationFn: (input: ChangePasswordInput) => changePassword(input), meta: { loader: true } });
}
