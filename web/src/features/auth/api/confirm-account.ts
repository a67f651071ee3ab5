// POST /api/user/auth/confirm {token}: activates the account of the e-mailed link (/confirm?token=…).
// A query rather than a mutation: it runs once when the page opens, and react-query's de-duplication
// keeps React's double effects in development from spending the one-time token twice.
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiClient } from '@/shared/api/client';

const responseSchema = z.object({ data: z.object({ message: z.string() }) });

export async function confirmAccount(token: string): Promise<string> {
  // The page explains a failure itself (the server's message), so no toast
// (docs/web.md, 'Every failed call is told').
  const body = await apiClient.post('/user/auth/confirm', { body: { token }, toast: false });
  return responseSchema.parse(body).data.message;
}

export function useConfirmAccount(token: string) {
  return useQuery({
    queryKey: ['auth', 'confirm', token] as const,
    queryFn: () => confirmAccount(token),
    enabled: token !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
