import { useCallback } from 'react';
import { useIntl } from 'react-intl';

import { DEFAULT_LOCALE, isLocale, localizePath, type Locale } from './locales';

/** The active locale, as set by the route's `LocaleProvider`. */
export function useLocale(): Locale {
  const { locale } = useIntl();
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** Returns a function that turns an unprefixed app path into the active locale's URL. */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
