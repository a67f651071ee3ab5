// POST /api/user/user/delete-my-account: the customer deletes their account with their password; the
// answer lists what the law keeps for now and until when.
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiClient } from '@/shared/api/client';
import type { ApiSchema } from '@/shared/api/schema';

export type AccountDeleted = ApiSchema<'AccountDeleted'>;

const responseSchema = z.object({
  data: z.object({
    orders_erased: z.number(),
    kept: z.array(z.object({ order_number: z.string(), data: z.string(), until: z.string(), why: z.string() })),
  }),
});

/** The `data` of an answer with `AccountDeleted` (also a guest's erasure by their link). */
export function accountDeletedOf(body: unknown): AccountDeleted {
  return responseSchema.parse(body).data;
}

export async function deleteMyAccount(password: string): Promise<AccountDeleted> {
  return accountDeletedOf(await apiClient.post('/user/user/delete-my-account', { body: { password } }));
}

export function useDeleteMyAccount() {
  return useMutation({ mutationFn: (password: string) => deleteMyAccount(password), meta: { loader: true } });
}
