// Route guards (docs/web.md, 'Guests log in first, admins only in the panel').
// They read the stored session synchronously (the persisted store is loaded
// before the first render), so a protected page never renders for a guest, not even for a frame.
// The server checks every call again: these only decide what to show.
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';

import { selectIsDriver, selectIsLoggedIn, selectIsSuperAdmin, useAuthStore } from '../stores/auth-store';

import { RETURN_PARAM, safeReturnPath } from './return-path';

interface GuardProps {
  /** What to render when allowed; the nested routes by default. */
  children?: ReactNode;
}

/** The login page of the current language, with the page asked for (its query and hash too) to come back to. */
function useLoginWithReturn(): string {
  const localized = useLocalizedPath();
  const { pathname, search, hash } = useLocation();
  return `${localized('/login')}?${RETURN_PARAM}=${encodeURIComponent(`${pathname}${search}${hash}`)}`;
}

/** Logged-in users only; guests go to /login with the page they wanted as the return path. */
export function RequireAuth({ children }: GuardProps) {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const login = useLoginWithReturn();
  if (!loggedIn) return <Navigate to={login} replace />;
  return children ?? <Outlet />;
}

interface SuperAdminGuardProps extends GuardProps {
  /** What a logged-in user who is no SuperAdmin sees instead (the panel's "no access" page). */
  denied: ReactNode;
}

/** SuperAdmins only: a guest logs in first and comes back to the page asked for; anyone else logged in
 * is shown `denied`, never the shop (docs/web.md, 'Guests log in first, admins only in the panel'). */
export function RequireSuperAdmin({ children, denied }: SuperAdminGuardProps) {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const allowed = useAuthStore(selectIsSuperAdmin);
  const login = useLoginWithReturn();
  if (!loggedIn) return <Navigate to={login} replace />;
  if (!allowed) return denied;
  return children ?? <Outlet />;
}

/** Drivers (and SuperAdmins): guests log in first, everyone else goes to the home page. */
export function RequireDriver({ children }: GuardProps) {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const allowed = useAuthStore(selectIsDriver);
  const localized = useLocalizedPath();
  const { pathname } = useLocation();
  if (!loggedIn) return <Navigate to={`${localized('/login')}?${RETURN_PARAM}=${encodeURIComponent(pathname)}`} replace />;
  if (!allowed) return <Navigate to={localized('/')} replace />;
  return children ?? <Outlet />;
}

/**
 * Guests only (login, register): a logged-in user goes on to the return path, or to their start page:
 * the panel for an admin (issue 29: an office logs in to work in it), the home page for anyone else.
 */
export function RequireGuest({ children }: GuardProps) {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const admin = useAuthStore(selectIsSuperAdmin);
  const localized = useLocalizedPath();
  const [params] = useSearchParams();
  if (loggedIn) {
    const back = safeReturnPath(params.get(RETURN_PARAM));
    // A return path is a full pathname, already in its language.
    return <Navigate to={back ?? localized(admin ? '/admin' : '/')} replace />;
  }
  return children ?? <Outlet />;
}
