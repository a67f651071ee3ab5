// POST /api/user/auth/logout, then home (`/`) with the toast "Zostałeś poprawnie wylogowany"
// (docs/accounts.md, 'A session is a bearer token').
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { defineMessages } from 'react-intl';
import { useNavigate } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';

import { apiClient } from '../api/client';
import { useAuthStore } from '../stores/auth-store';
import { withLoader } from '../stores/loader-store';
import { showToast } from '../stores/toast-store';

import { USER_QUERY_KEY } from './get-current-user';

const messages = defineMessages({
  loggedOut: {
    id: 'auth.logout.success',
    defaultMessage: 'Zostałeś poprawnie wylogowany',
    description: 'Toast after logging out',
  },
});

/** Ends the session on the server; a failure changes nothing, as the session is forgotten here anyway. */
async function endOnServer(): Promise<void> {
  try {
    // A token the server already forgot answers 401: nothing to tell the user, the session ends anyway.
    await apiClient.post('/user/auth/logout', { toast: false });
  } catch {
    // The local session is cleared by the caller either way.
  }
}

/** Ends the session on the server and forgets it here, even when the server call fails. */
export async function logout(): Promise<void> {
  await endOnServer();
  useAuthStore.getState().clear();
}

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await withLoader(endOnServer());
    // Home first, then the session forgotten here. In the other order the guard of a page for
    // logged-in users (the account, the driver's page) would send it to /login, and which of the
    // two navigations won would depend on when the guard's effect ran.
    await navigate(localized('/'));
    useAuthStore.getState().clear();
    queryClient.removeQueries({ queryKey: [USER_QUERY_KEY] });
    showToast({ type: 'success', message: messages.loggedOut });
  }, [localized, navigate, queryClient]);
}
