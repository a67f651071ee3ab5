// Complaints (issue #28): the public form at /reklamacje, also at /complaints (the English site's
// address, /en/complaints; every page exists at the same path in both languages). The logged-in
// customer's complaints are among the account's routes (account-routes.tsx).
import type { RouteObject } from 'react-router';

import { withMessages } from '@/i18n/catalogues';

const form = async () => ({ Component: (await withMessages(import('./complaints'))).ComplaintsRoute });

export function complaintRoutes(): RouteObject[] {
  return [
    { path: 'reklamacje', lazy: form },
    { path: 'complaints', lazy: form },
  ];
}
