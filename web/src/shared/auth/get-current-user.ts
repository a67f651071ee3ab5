// GET /api/user/auth/get: the logged-in user. Run once per visit while a token is stored, so a role
// or a name changed elsewhere shows up, and a token the server no longer accepts is dropped (the API
// client clears the session on its 401).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import * as z from 'zod/mini';

import { apiClient } from '../api/client';
import { selectIsLoggedIn, useAuthStore, type AuthUser } from '../stores/auth-store';

import { authUserSchema } from './user-schema';

const responseSchema = z.object({ data: authUserSchema });

export async function getCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<AuthUser> {
  // No toast: an expired session simply shows the visitor as logged out.
  const body = await apiClient.get('/user/auth/get', { signal, toast: false });
  return responseSchema.parse(body).data;
}

/** Every query whose answer depends on who is logged in starts with this key (cleared at logout). */
export const USER_QUERY_KEY = 'user';

export function currentUserQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [USER_QUERY_KEY, 'current', token] as const,
    queryFn: ({ signal }) => getCurrentUser({ signal }),
    enabled: token !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Refreshes the stored user from the server while logged in. */
export function useRefreshCurrentUser(): void {
  const token = useAuthStore((state) => state.token);
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const setUser = useAuthStore((state) => state.setUser);
  const { data } = useQuery(currentUserQueryOptions(token));
  useEffect(() => {
    if (data && loggedIn) setUser(data);
  }, [data, loggedIn, setUser]);
}
