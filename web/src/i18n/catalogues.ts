// The message catalogues the app uses. Polish, the default, is available at once (see below); every
// other language is its own chunk, loaded by its routes' loader before their first render (router.tsx), so
// Polish visitors never download English and the home page stays within its size budget.
//
// (`MESSAGES` in messages.ts holds both catalogues statically, for tests that render components
// outside the router.)
import { DEFAULT_LOCALE, type Locale } from './locales';
import pl from './messages/pl.json';

export type Catalogue = Record<string, string>;

// In production the Polish texts are the compiled `defaultMessage`s next to the code
// (build/messages-plugin.ts), so the Polish catalogue is not shipped at all; react-intl reports no
// missing translation for the default locale. Tests and development use the catalogue as written.
const loaded: Partial<Record<Locale, Catalogue>> = { [DEFAULT_LOCALE]: import.meta.env.PROD ? {} : pl };

const loaders: Record<Exclude<Locale, 'pl'>, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./messages/en.json'),
};

/** The catalogue of `locale` if it is loaded (Polish always is). */
export function catalogueFor(locale: Locale): Catalogue | undefined {
  return loaded[locale];
}

/** Loads the catalogue of `locale` once; later calls answer from memory. */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const ready = loaded[locale];
  if (ready) return ready;
  const catalogue = (await loaders[locale as Exclude<Locale, 'pl'>]()).default;
  loaded[locale] = catalogue;
  return catalogue;
}
