// Locale routing: Polish (the default) has no URL prefix, every other locale lives under `/{locale}`.
// Routes are written once, unprefixed, and these helpers move a path between locales.

export const LOCALES = ['pl', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pl';

/** How each locale is offered in the language switch: in its own language, not translated. */
export const LOCALE_LABELS: Record<Locale, { short: string; name: string }> = {
  pl: { short: 'PL', name: 'Polski' },
  en: { short: 'EN', name: 'English' },
};

/**
 * The BCP 47 tag each locale formats dates and numbers with. English is British English: the site
 * serves Poland and Europe, where "12/03/2026" means 12 March (US English wrote 3 December as that).
 */
export const FORMAT_LOCALES: Record<Locale, string> = { pl: 'pl', en: 'en-GB' };

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** The URL prefix of a locale's routes: `/` for Polish, `/en` for English. */
export function localeBasePath(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '/' : `/${locale}`;
}

/** Splits a pathname into its locale and the unprefixed path: `/en/search` -> `en`, `/search`. */
export function parseLocalePath(pathname: string): { locale: Locale; path: string } {
  const [, first = '', ...rest] = pathname.split('/');
  if (first !== DEFAULT_LOCALE && isLocale(first)) {
    return { locale: first, path: `/${rest.join('/')}` };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || '/' };
}

/** Puts an unprefixed path into a locale: (`/search`, `en`) -> `/en/search`, (`/`, `en`) -> `/en`. */
export function localizePath(path: string, locale: Locale): string {
  const normalised = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return normalised;
  return normalised === '/' ? `/${locale}` : `/${locale}${normalised}`;
}
