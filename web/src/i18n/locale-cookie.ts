// The visitor's language choice, remembered in a cookie for 365 days
// (docs/web.md, 'Every page in both languages'). Every page writes its
// locale; opening the bare home page (`/`) with an English cookie goes to `/en`.
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

/** Before the router starts: `/` -> `/en` (query and hash kept) when English was chosen. */
export function redirectToPreferredLocale(location: Location = window.location, history: History = window.history): void {
  const locale = preferredLocale();
  if (location.pathname !== '/' || !locale || locale === DEFAULT_LOCALE) return;
  history.replaceState(history.state, '', `${localeBasePath(locale)}${location.search}${location.hash}`);
}
