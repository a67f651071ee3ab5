// Every error answer of the backend carries a stable `code` (docs/errors.md) beside its English message;
// the site translates the code, never the message, from the one table of codes (server-code-texts.ts:
// by code, what any screen says, and what a screen, or one of its fields, says instead). A screen asks
// for its own words by naming itself (`serverMessage(intl, text, 'change')`). src/testing/error-codes.test.ts
// checks that every code of docs/errors.md has its entry, src/testing/server-messages.test.ts that every
// code a customer meets is said on the screen that shows it. A code nobody translated (or an answer
// without one) is never shown as the server's English message: it becomes a general sentence in the
// page's language.
import type { IntlShape, MessageDescriptor } from 'react-intl';

import { withMessages } from '@/i18n/catalogues';

import { formatDisplayText, type DisplayText } from '../lib/display-text';

import { type CodeEntry, entryText, type Screen, type ServerText } from './code-entry';
import { titleMessages, unknownMessages } from './server-title-texts';

export { paramOf, withNumbers } from './code-entry';
export type { CodeTranslation, Screen, ServerParams, ServerText } from './code-entry';

/**
 * The table of codes (server-code-texts.ts) is a chunk of its own: some 250 Polish sentences would weigh
 * on the home page's 150 kB, and a visitor needs them only once an answer is refused. `start` asks for it
 * as the first page renders; until it arrives every code gets the general sentence.
 */
let codeTable: Readonly<Record<string, CodeEntry>> = {};

/** Loads the table of codes (once; later calls answer at once). */
export async function loadCodeTexts(): Promise<void> {
  codeTable = (await withMessages(import('./server-code-texts'))).CODE_TABLE;
}

/** A server text's translation (on `screen`, in its own words where it has them), or `null` when the
 * table does not know its code. */
export function knownServerText(text: ServerText, screen?: Screen): DisplayText | null {
  const code = text.code ?? '';
  return entryText(Object.hasOwn(codeTable, code) ? codeTable[code] : undefined, text, screen);
}

/** The toast titles: the answer's name (its status's reason phrase), by status. */
const TITLES: Record<number, MessageDescriptor> = {
  404: titleMessages.notFound,
  422: titleMessages.unprocessable,
  429: titleMessages.tooManyRequests,
};

/** The title of an error toast for an answer with `status` and `name`. */
export function serverTitle(status: number, name: string): DisplayText {
  return TITLES[status] ?? untranslatedServerText(name);
}

/**
 * A server text that nobody translated: a general sentence in the page's language (issue 29: the English
 * page showed the server's message as sent, with its field names). `text` stays a value of the message,
 * for a translator who wants it, and is shown by neither catalogue.
 */
export function untranslatedServerText(text: string): DisplayText {
  return { ...unknownMessages.unknown, values: { text: text.trim() } };
}

/** A server text as something to show (on `screen`): its translation when we know its code, else see
 * `untranslatedServerText`. */
export function serverText(text: ServerText, screen?: Screen): DisplayText {
  return knownServerText(text, screen) ?? untranslatedServerText(text.message);
}

/** `serverText`, formatted in the page's language. */
export function serverMessage(intl: IntlShape, text: ServerText, screen?: Screen): string {
  return formatDisplayText(intl, serverText(text, screen));
}
