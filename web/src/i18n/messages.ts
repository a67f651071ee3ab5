import type { Locale } from './locales';
import en from './messages/en.json';
import pl from './messages/pl.json';

/**
 * Message catalogues by locale, keyed by the ids given in `defineMessages` next to each component.
 * Both are small, so they ship in the main bundle; load them lazily once they grow.
 */
export const MESSAGES: Record<Locale, Record<string, string>> = { pl, en };
