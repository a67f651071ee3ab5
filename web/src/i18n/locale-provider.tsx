import { useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';

import { catalogueFor } from './catalogues';
import { rememberLocale } from './locale-cookie';
import { DEFAULT_LOCALE, FORMAT_LOCALES, type Locale } from './locales';

interface LocaleProviderProps {
  locale: Locale;
  children: ReactNode;
}

/**
 * Provides react-intl for one locale (its messages must be loaded: the router's locale route and `withMessages` do it) and keeps `<html lang>` in step, for screen readers and hyphenation. */
export function LocaleProvider({ locale, children }: LocaleProviderProps) {
  useEffect(() => {
    document.documentElement.lang = locale;
    rememberLocale(locale);
  }, [locale]);

  return (
    <IntlProvider locale={FORMAT_LOCALES[locale]} defaultLocale={DEFAULT_LOCALE} messages={catalogueFor(locale)}>
      {children}
    </IntlProvider>
  );
}
