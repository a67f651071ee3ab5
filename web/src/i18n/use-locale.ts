import { useCallback } from 'react';
import { useIntl } from 'react-intl';

import { DEFAULT_LOCALE, FORMAT_LOCALES, isLocale, LOCALES, localizePath, type Locale } from './locales';

/** The active locale, as set by the route's `LocaleProvider`. */
export function useLocale(): Locale {
  const { locale } = useIntl();
  // The provider formats English as en-GB (FORMAT_LOCALES): the site's locale is still `en`.
  if (isLocale(locale)) return locale;
  return LOCALES.find((candidate) => FORMAT_LOCALES[candidate] === locale) ?? DEFAULT_LOCALE;
}

/** Returns a function that turns an unprefixed app path into the active locale's URL. */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
