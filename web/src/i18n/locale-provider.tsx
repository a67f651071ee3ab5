import { useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';

import { rememberLocale } from './locale-cookie';
import { DEFAULT_LOCALE, type Locale } from './locales';
import { MESSAGES } from './messages';

interface LocaleProviderProps {
  locale: Locale;
  children: ReactNode;
}

/** Provides react-intl for one locale and keeps `<html lang>` in step, for screen readers and hyphenation. */
export function LocaleProvider({ locale, children }: LocaleProviderProps) {
  useEffect(() => {
    document.documentElement.lang = locale;
    rememberLocale(locale);
  }, [locale]);

  return (
    <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={MESSAGES[locale]}>
      {children}
    </IntlProvider>
  );
}
