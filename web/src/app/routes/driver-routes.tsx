// The driver's page (issue 18): today's courses, the passenger list and the ticket check on board,
// for drivers (and SuperAdmins). A layout of its own, without the site's header and its data: the page
// must open from the phone's cache without a network. One lazy chunk.
import type { RouteObject } from 'react-router';

import { withMessages } from '@/i18n/catalogues';
import { RequireDriver } from '@/shared/auth/guards';

export function driverRoutes(): RouteObject[] {
  return [
    {
      path: 'driver',
      element: <RequireDriver />,
      children: [{ index: true, lazy: async () => ({ Component: (await withMessages(import('./driver'))).DriverRoute }) }],
    },
  ];
}
