import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { fullScreenLoader } from '@/app/api-session';
import { AppProvider } from '@/app/provider';
import { createAppRoutes } from '@/app/router';
import { createQueryClient } from '@/shared/api/query-client';
import { useAuthStore } from '@/shared/stores/auth-store';

import { mockTokenFor, mockUserFor } from './mocks/handlers/accounts';

export { allowConsoleErrors } from './console-guard';

export interface RenderAppOptions {
  /** Start logged in as one of the mock accounts, e.g. 'jan.kowalski@example.com' or 'admin@example.com'. */
  loggedInAs?: string;
}

/** Puts a mock account's session into the auth store, as a login would. */
export function logInAs(email: string): void {
  useAuthStore.getState().setSession({ token: mockTokenFor(email), user: mockUserFor(email) });
}

/**
 * Renders the whole app (real routes, layout, i18n, react-query) at `path`, with API calls answered
 * by the MSW handlers. Query the result by role and text (R19). Await `findBy*` for the first
 * assertion: pages are lazy and load before the router renders them.
 */
export function renderApp(path = '/', { loggedInAs }: RenderAppOptions = {}) {
  if (loggedInAs) logInAs(loggedInAs);
  const queryClient = createQueryClient({ retry: false, busy: fullScreenLoader });
  const router = createMemoryRouter(createAppRoutes(queryClient), { initialEntries: [path] });
  const user = userEvent.setup();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, user, router, queryClient };
}
