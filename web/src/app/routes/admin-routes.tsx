// The admin panel (spec §2 "Admin"), for SuperAdmins only; everyone else is sent home (spec §6). Its
// pages are lazy chunks: no admin code is in the customer's first download. For now one placeholder
// answers every /admin path; the admin panel's own routes replace it.
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
          lazy: async () => ({ Component: (await import('./admin-placeholder')).AdminPlaceholderRoute }),
        },
      ],
    },
  ];
}
