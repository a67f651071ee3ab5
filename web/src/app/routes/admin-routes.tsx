// The admin panel, for SuperAdmins only; everyone else is sent home
// (docs/web.md, 'Guests log in first, admins only in the panel'). It
// has its own layout (side navigation, breadcrumbs) and is one lazy chunk: no admin code is in the
// customer's first download. Inside the chunk the panel routes itself from its area declarations
// (features/admin/components/admin-app.tsx).
import type { RouteObject } from 'react-router';

import { RequireSuperAdmin } from '@/shared/auth/guards';

const panel = async () => ({ Component: (await import('./admin-panel')).AdminPanelRoute });

export function adminRoutes(): RouteObject[] {
  return [
    {
      path: 'admin',
      element: <RequireSuperAdmin />,
      children: [
        // Behind the guard: a guest or a user asking for /admin still goes home. `/admin` itself is
        // the panel's home page (features/admin/components/admin-home.tsx), inside the same chunk.
        { index: true, lazy: panel },
        { path: '*', lazy: panel },
      ],
    },
  ];
}
