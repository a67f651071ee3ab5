// The admin panel (spec §2 "Admin"), for SuperAdmins only; everyone else is sent home (spec §6). It
// has its own layout (side navigation, breadcrumbs) and is one lazy chunk: no admin code is in the
// customer's first download. Inside the chunk the panel routes itself from its area declarations
// (features/admin/components/admin-app.tsx).
import type { RouteObject } from 'react-router';

import { RequireSuperAdmin } from '@/shared/auth/guards';

import { AdminIndexRedirect } from './admin-index-redirect';

export function adminRoutes(): RouteObject[] {
  return [
    {
      path: 'admin',
      element: <RequireSuperAdmin />,
      children: [
        // Behind the guard: a guest or a user asking for /admin still goes home.
        { index: true, Component: AdminIndexRedirect },
        {
          path: '*',
          lazy: async () => ({ Component: (await import('./admin-panel')).AdminPanelRoute }),
        },
      ],
    },
  ];
}
