// Accounts (issue #5): login, register, forgot, confirm, confirm-email, change-password (public), and the account page
// /user/user (logged-in users). Each page is its own lazy chunk.
import type { RouteObject } from 'react-router';

import { withMessages } from '@/i18n/catalogues';
import { RequireAuth, RequireGuest } from '@/shared/auth/guards';

export const loadLogin = () => withMessages(import('./login'));

export function accountRoutes(): RouteObject[] {
  return [
    {
      // Logged-in users skip these and go on to the return path (or home).
      element: <RequireGuest />,
      children: [
        { path: 'login', lazy: async () => ({ Component: (await loadLogin()).LoginRoute }) },
        { path: 'register', lazy: async () => ({ Component: (await withMessages(import('./register'))).RegisterRoute }) },
      ],
    },
    { path: 'forgot', lazy: async () => ({ Component: (await withMessages(import('./forgot'))).ForgotRoute }) },
    { path: 'confirm', lazy: async () => ({ Component: (await withMessages(import('./confirm'))).ConfirmRoute }) },
    // The link sent to a new account e-mail (RODO art. 16): public, it may be opened in any browser.
    { path: 'confirm-email', lazy: async () => ({ Component: (await withMessages(import('./confirm-email'))).ConfirmEmailRoute }) },
    // After deleting the account: the session is gone, so the page is public; it shows the answer.
    { path: 'account-deleted', lazy: async () => ({ Component: (await withMessages(import('./account-deleted'))).AccountDeletedRoute }) },
    // A guest's personal data, by a link e-mailed to an order's address (issue 38).
    { path: 'personal-data', lazy: async () => ({ Component: (await withMessages(import('./personal-data'))).PersonalDataRoute }) },
    {
      path: 'change-password',
      lazy: async () => ({ Component: (await withMessages(import('./change-password'))).ChangePasswordRoute }),
    },
    {
      // Guests go to /login?redirect=… (docs/web.md, 'Guests log in first, admins only in the panel').
      // Other /user/* pages wrap themselves the same way,
      // except /user/return-ticket, which guests may use with a ticket number and code
      // (docs/returns.md, 'Who may return a ticket').
      element: <RequireAuth />,
      children: [
        { path: 'user/user', lazy: async () => ({ Component: (await withMessages(import('./user-account'))).UserAccountRoute }) },
        // Everything held about the customer, readable (RODO art. 15).
        { path: 'user/my-data', lazy: async () => ({ Component: (await withMessages(import('./my-data'))).MyDataRoute }) },
        // The customer's complaints with their answers (issue #28).
        { path: 'user/complaints', lazy: async () => ({ Component: (await withMessages(import('./complaints'))).UserComplaintsRoute }) },
      ],
    },
  ];
}
