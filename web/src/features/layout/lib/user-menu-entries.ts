// The entries of the user dropdown and of the mobile menu (docs/web.md, 'The user menu'):
// label, icon and link, each shown
// to guests, to logged-in users or to everyone. "Log out" is added separately (it is an action).
import { defineMessages, type MessageDescriptor } from 'react-intl';

import type { IconName } from '@/shared/ui/icon';

const messages = defineMessages({
  login: { id: 'layout.userMenu.login', defaultMessage: 'Zaloguj się', description: 'User menu entry: log in' },
  register: {
    id: 'layout.userMenu.register',
    defaultMessage: 'Zarejestruj się',
    description: 'User menu entry: create an account',
  },
  account: {
    id: 'layout.userMenu.account',
    defaultMessage: 'Twoje konto',
    description: 'User menu entry: the account page (/user/user)',
  },
  tickets: {
    id: 'layout.userMenu.tickets',
    defaultMessage: 'Twoje bilety',
    description: 'User menu entry: the list of the user’s tickets',
  },
  stamps: {
    id: 'layout.userMenu.stamps',
    defaultMessage: 'Pieczątki',
    description: 'User menu entry: collected stamps that lead to discount codes',
  },
  returnTicket: {
    id: 'layout.userMenu.returnTicket',
    defaultMessage: 'Zwrot biletu',
    description: 'User menu entry: return a ticket (guests too, with the ticket number and code)',
  },
  driver: {
    id: 'layout.userMenu.driver',
    defaultMessage: 'Kontrola biletów',
    description: 'User menu entry for drivers: checking tickets on board (/driver)',
  },
  logout: { id: 'layout.userMenu.logout', defaultMessage: 'Wyloguj się', description: 'User menu action: log out' },
});

export const userMenuMessages = messages;

/** Who sees an entry (`driver`: a logged-in driver, or a SuperAdmin). */
export type Audience = 'guest' | 'user' | 'driver' | 'everyone';

export interface UserMenuEntry {
  key: string;
  label: MessageDescriptor;
  icon: IconName;
  /** An unprefixed app path; localised when rendered. */
  link: string;
  audience: Audience;
}

export const USER_MENU_ENTRIES: readonly UserMenuEntry[] = [
  { key: 'login', label: messages.login, icon: 'login', link: '/login', audience: 'guest' },
  { key: 'register', label: messages.register, icon: 'register', link: '/register', audience: 'guest' },
  { key: 'account', label: messages.account, icon: 'user', link: '/user/user', audience: 'user' },
  { key: 'tickets', label: messages.tickets, icon: 'ticket', link: '/user/your-tickets', audience: 'user' },
  { key: 'stamps', label: messages.stamps, icon: 'stamp', link: '/user/stamps', audience: 'user' },
  { key: 'return', label: messages.returnTicket, icon: 'return', link: '/user/return-ticket', audience: 'everyone' },
  { key: 'driver', label: messages.driver, icon: 'ticket', link: '/driver', audience: 'driver' },
];

/** The entries for a guest or a logged-in user (and a driver's own). */
export function visibleUserMenuEntries(loggedIn: boolean, driver = false): UserMenuEntry[] {
  return USER_MENU_ENTRIES.filter(
    (entry) =>
      entry.audience === 'everyone' || entry.audience === (loggedIn ? 'user' : 'guest') || (entry.audience === 'driver' && loggedIn && driver),
  );
}
