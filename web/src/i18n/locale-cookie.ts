// The visitor's language choice, remembered in a cookie for 365 days
// (docs/web.md, 'Every page in both languages'). Every page writes its
// locale; opening the bare home page (`/`), or the link to a new account e-mail, with an English
// cookie goes to its /en page.
import { getCookie, setCookie } from '@/shared/lib/cookies';

import { isLocale, localeBasePath, type Locale, DEFAULT_LOCALE } from './locales';

export const LOCALE_COOKIE = 'i18n_locale';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function rememberLocale(locale: Locale): void {
  if (getCookie(LOCALE_COOKIE) !== locale) setCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE);
}

export function preferredLocale(): Locale | undefined {
  const value = getCookie(LOCALE_COOKIE);
  return value && isLocale(value) ? value : undefined;
}

/** The pages opened without the language's prefix whatever the language: the bare home page, and the
 * link e-mailed to a new account address (`/confirm-email?token=…`, the same in both languages). */
const UNPREFIXED = new Set(['/', '/confirm-email']);

/** Before the router starts: `/` -> `/en`, `/confirm-email` -> `/en/confirm-email` (query and hash
 * kept) when English was chosen. */
export function redirectToPreferredLocale(location: Location = window.location, history: History = window.history): void {
  const locale = preferredLocale();
  if (!UNPREFIXED.has(location.pathname) || !locale || locale === DEFAULT_LOCALE) return;
  const path = location.pathname === '/' ? '' : location.pathname;
  history.replaceState(history.state, '', `${localeBasePath(locale)}${path}${location.search}${location.hash}`);
}
