import { Navigate } from 'react-router';

import { ADMIN_PANEL_PATH } from '@/features/layout/components/desktop-menu';
import { useLocalizedPath } from '@/i18n/use-locale';

/** `/admin` alone opens the panel's first page, the one the header's admin link leads to. */
export function AdminIndexRedirect() {
  const localized = useLocalizedPath();
  return <Navigate to={localized(ADMIN_PANEL_PATH)} replace />;
}
