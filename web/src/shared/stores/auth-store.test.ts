import { describe, expect, it } from 'vitest';

import { AUTH_STORAGE_KEY, isSuperAdmin, selectIsLoggedIn, selectIsSuperAdmin, useAuthStore } from './auth-store';

const jan = { id: 'u1', email: 'jan.kowalski@example.com', first_name: 'Jan', last_name: 'Kowalski', role: 'User' };

describe('auth store', () => {
  it('starts logged out', () => {
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null });
    expect(selectIsLoggedIn(useAuthStore.getState())).toBe(false);
  });

  it('stores the session from the login answer and persists it in localStorage', () => {
    useAuthStore.getState().setSession({ token: 'abc', user: jan });

    expect(selectIsLoggedIn(useAuthStore.getState())).toBe(true);
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}')).toMatchObject({
      state: { token: 'abc', user: { first_name: 'Jan' } },
    });
  });

  it('keeps the token when the user is refreshed, and forgets both on clear', () => {
    useAuthStore.getState().setSession({ token: 'abc', user: jan });
    useAuthStore.getState().setUser({ ...jan, first_name: 'Janek' });
    expect(useAuthStore.getState()).toMatchObject({ token: 'abc', user: { first_name: 'Janek' } });

    useAuthStore.getState().clear();
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null });
  });

  it('recognises SuperAdmin in the role, and only with a session', () => {
    expect(isSuperAdmin({ role: 'SuperAdmin' })).toBe(true);
    expect(isSuperAdmin({ role: 'User, SuperAdmin' })).toBe(true);
    expect(isSuperAdmin({ role: 'User' })).toBe(false);
    expect(isSuperAdmin({ role: 'NotSuperAdmin' })).toBe(false);
    expect(isSuperAdmin(null)).toBe(false);
    expect(selectIsSuperAdmin({ token: null, user: { ...jan, role: 'SuperAdmin' } })).toBe(false);
    expect(selectIsSuperAdmin({ token: 't', user: { ...jan, role: 'SuperAdmin' } })).toBe(true);
  });
});
