import type { Locale } from './locales';
import en from './messages/en.json';
import pl from './messages/pl.json';

/**
 * Both message catalogues as written, keyed by the ids given in `defineMessages` next to each
 * component: for tests that render components outside the router. The app never imports this: it
 * loads each chunk's messages in the page's language (catalogues.ts).
 */
export const MESSAGES: Record<Locale, Record<string, string>> = { pl, en };
