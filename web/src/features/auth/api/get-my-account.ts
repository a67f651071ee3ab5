// POST /api/user/user/get-my-account: the logged-in user's account (a POST in the spec's API).
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiClient } from '@/shared/api/client';
import type { ApiSchema } from '@/shared/api/schema';
import { USER_QUERY_KEY } from '@/shared/auth/get-current-user';

export type Account = ApiSchema<'AccountView'>;

/** Parsed, not only typed: the account page and the stored session show what it holds. */
export const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  role: z.string(),
}) satisfies z.ZodMiniType<Account>;

export const accountResponseSchema = z.object({ data: accountSchema });

export async function getMyAccount({ signal }: { signal?: AbortSignal } = {}): Promise<Account> {
  const body = await apiClient.post('/user/user/get-my-account', { signal });
  return accountResponseSchema.parse(body).data;
}

export const myAccountQueryKey = [USER_QUERY_KEY, 'my-account'] as const;

export function myAccountQueryOptions() {
  return queryOptions({ queryKey: myAccountQueryKey, queryFn: ({ signal }) => getMyAccount({ signal }) });
}

export function useMyAccount() {
  return useQuery(myAccountQueryOptions());
}
