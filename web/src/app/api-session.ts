// Wires the API client to the app: the session's token from the auth store, the end of the session
// on a 401 for the token still held, and a danger toast for a failure
// (docs/web.md, 'Every failed call is told'). Imported once by
// app/start.tsx (and the test setup) before any request. Also the full-screen loader that mutations
// with `meta: { loader: true }` show (see createQueryClient).
import { configureApiClient } from '@/shared/api/client';
import { errorToast } from '@/shared/api/error-toast';
import type { BusyIndicator } from '@/shared/api/query-client';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useLoaderStore } from '@/shared/stores/loader-store';
import { showToast } from '@/shared/stores/toast-store';

configureApiClient({
  token: () => useAuthStore.getState().token,
  onUnauthorized: (token) => {
    // Only the session that sent it: a new login meanwhile keeps its own token.
    if (useAuthStore.getState().token === token) useAuthStore.getState().clear();
  },
  onFailure: (error) => showToast(errorToast(error)),
});

/** The full-screen loader, for the query client's mutations that ask for it. */
export const fullScreenLoader: BusyIndicator = {
  start: () => useLoaderStore.getState().start(),
  stop: () => useLoaderStore.getState().stop(),
};
