// The logged-in session: the bearer token and the user, both read from the login answer's `data`
// (docs/accounts.md, 'The web app keeps the session across reloads'). Persisted in localStorage so a
// reload keeps the user logged in;
// the token is opaque and revoked server-side at logout. Lives in `shared` because the API client,
// the layout, the guards and several features all read it.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

import type { ApiSchema } from '../api/schema';

export const SUPER_ADMIN_ROLE = 'SuperAdmin';
export const DRIVER_ROLE = 'Driver';

/** The user as login and `GET /user/auth/get` answer it; `role` is `User`, `SuperAdmin` or `Driver`. */
export type AuthUser = ApiSchema<'UserView'>;

interface AuthState {
  token: string | null;
  user: AuthUser | null;
  /** After a successful login. */
  setSession: (session: { token: string; user: AuthUser }) => void;
  /** Keeps the token, refreshes what we know about the user (e.g. after editing the account). */
  setUser: (user: AuthUser) => void;
  /** Logout, or a token the server no longer accepts. */
  clear: () => void;
}

export const AUTH_STORAGE_KEY = 'nisko-bus.auth';

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      setSession: ({ token, user }) => set({ token, user }),
      setUser: (user) => set({ user }),
      clear: () => set({ token: null, user: null }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ token: state.token, user: state.user }),
      version: 1,
    },
  ),
);

export const selectIsLoggedIn = (state: Pick<AuthState, 'token'>): boolean => state.token !== null;

/**
 * The role "contains" SuperAdmin (docs/web.md, 'Guests log in first, admins only in the panel'):
 * tolerant of a list such as "User,SuperAdmin".
 */
export function isSuperAdmin(user: Pick<AuthUser, 'role'> | null | undefined): boolean {
  return !!user && user.role.split(/[\s,]+/).includes(SUPER_ADMIN_ROLE);
}

export const selectIsSuperAdmin = (state: Pick<AuthState, 'user' | 'token'>): boolean =>
  state.token !== null && isSuperAdmin(state.user);

/** Drivers check tickets on board (`/driver`); a SuperAdmin may do what they do. */
export function isDriver(user: Pick<AuthUser, 'role'> | null | undefined): boolean {
  return !!user && (user.role.split(/[\s,]+/).includes(DRIVER_ROLE) || isSuperAdmin(user));
}

export const selectIsDriver = (state: Pick<AuthState, 'user' | 'token'>): boolean =>
  state.token !== null && isDriver(state.user);
