// The panel's "no access" page (admin-no-access.tsx), loaded when a user without the role asks for it.
import { lazy, Suspense } from 'react';

import { withMessages } from '@/i18n/catalogues';

import { AppLoading } from '../app-loading';

const NoAccess = lazy(async () => ({ default: (await withMessages(import('./admin-no-access'))).AdminNoAccess }));

export function AdminDenied() {
  return (
    <Suspense fallback={<AppLoading />}>
      <NoAccess />
    </Suspense>
  );
}
