// The admin panel, for SuperAdmins only: a guest logs in first and comes back to the page asked for, a
// user without the role is told the panel is not for this account (docs/web.md, 'Guests log in first,
// admins only in the panel'). It has its own layout (side navigation, breadcrumbs) and is one lazy chunk:
// no admin code is in the customer's first download. Inside the chunk the panel routes itself from its
// area declarations (features/admin/components/admin-app.tsx).
import type { RouteObject } from 'react-router';

import { withMessages } from '@/i18n/catalogues';
import { RequireSuperAdmin } from '@/shared/auth/guards';

import { AdminDenied } from './admin-denied';

const panel = async () => ({ Component: (await withMessages(import('./admin-panel'))).AdminPanelRoute });

export function adminRoutes(): RouteObject[] {
  return [
    {
      path: 'admin',
      element: <RequireSuperAdmin denied={<AdminDenied />} />,
      children: [
        // Behind the guard: the panel renders for a SuperAdmin only. `/admin` itself is the panel's home
        // page (features/admin/components/admin-home.tsx), inside the same chunk.
        { index: true, lazy: panel },
        { path: '*', lazy: panel },
      ],
    },
  ];
}
