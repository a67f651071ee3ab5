// POST /api/user/auth/confirm-email {token}: the link sent to the new address (/confirm-email?token=…)
// changes the account's e-mail to it. Public: the link may be opened in any browser, logged in or not.
// A query rather than a mutation, as the activation link's (confirm-account.ts): it runs once when the
// page opens, and react-query's de-duplication keeps React's double effects in development from
// spending the one-time token twice.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiClient } from '@/shared/api/client';
import { USER_QUERY_KEY } from '@/shared/auth/get-current-user';

const responseSchema = z.object({ data: z.object({ message: z.string(), email: z.string() }) });

/** The address the account has now. */
export async function confirmEmail(token: string): Promise<string> {
  // The page explains a refusal itself, so no toast.
  const body = await apiClient.post('/user/auth/confirm-email', { body: { token }, toast: false });
  return responseSchema.parse(body).data.email;
}

export function useConfirmEmail(token: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['auth', 'confirm-email', token] as const,
    queryFn: async () => {
      const email = await confirmEmail(token);
      // Whoever is logged in here is read again: when it is this account, the header's user, the
      // account page and the copy of the data show the new address.
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_KEY] });
      return email;
    },
    enabled: token !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
