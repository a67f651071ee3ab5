import { useLocation } from 'react-router';

import { parseLocalePath } from '@/i18n/locales';
import { useLocalizedPath } from '@/i18n/use-locale';

/** The current path below /admin (`route/waypoint/5`), in either language. */
export function useAdminPath(): string {
  const { pathname } = useLocation();
  return parseLocalePath(pathname).path.replace(/^\/admin\/?/, '').replace(/\/$/, '');
}

/** Turns a path below /admin into the full URL in the page's language. */
export function useAdminHref(): (path: string) => string {
  const localized = useLocalizedPath();
  return (path: string) => localized(`/admin/${path.replace(/^\/+/, '')}`);
}
