// Complaints (issue #28): the public form at /reklamacje, also at /complaints (the English site's
// address, /en/complaints; every page exists at the same path in both languages), and the logged-in
// customer's complaints with their answers.
import type { RouteObject } from 'react-router';

import { RequireAuth } from '@/shared/auth/guards';

const form = async () => ({ Component: (await import('./complaints')).ComplaintsRoute });

export function complaintRoutes(): RouteObject[] {
  return [
    { path: 'reklamacje', lazy: form },
    { path: 'complaints', lazy: form },
    {
      element: <RequireAuth />,
      children: [{ path: 'user/complaints', lazy: async () => ({ Component: (await import('./complaints')).UserComplaintsRoute }) }],
    },
  ];
}
