// Every error answer of the backend carries a stable `code` (docs/errors.md) beside its English message;
// the site translates the code, never the message. The codes a person meets in normal use are
// translated here (accounts, a course that cannot be booked, and what any screen may get: a busy
// course, a refused session, a server that is down); the order form, the search and the ticket screens
// add their own (features/*/utils), some by field. src/testing/server-messages.test.ts lists every code
// a customer can meet and checks that each is translated; every other code of docs/errors.md has its
// text in server-code-texts.ts (src/testing/error-codes.test.ts checks that none is left out). A code
// nobody translated (or an answer without one) is never shown as the server's English message: it
// becomes a general sentence in the page's language.
import type { IntlShape, MessageDescriptor } from 'react-intl';

import { formatDisplayText, type DisplayText } from '../lib/display-text';

import { messages, valueMessages } from './server-message-texts';

/** Whole numbers an error carries beside its code (`{"max": 254}`), named per code (docs/errors.md). */
export type ServerParams = Readonly<Record<string, number>>;

/** What the server said about one thing (the whole answer, or one field of a 422): its code, its
 * numbers, and its English message for when the code is unknown. `ApiError` and its field errors are
 * both this. */
export interface ServerText {
  readonly code?: string | undefined;
  readonly message: string;
  /** The field a field error is about (some screens say a code differently per field). */
  readonly field?: string | undefined;
  /** The numbers the sentence repeats (`max`, `minutes`, …); a translation reads them here, never
   * in `message`. */
  readonly params?: ServerParams | undefined;
}

/** A code's translation: a message, or one built from the server's text (for a value it carries). */
export type CodeTranslation = MessageDescriptor | ((text: ServerText) => DisplayText);

/** The whole number `name` of the answer's params, or `undefined` when it sent none. */
export function paramOf(text: ServerText, name: string): number | undefined {
  const value = text.params?.[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * `withNumbers` says `message` with the params it names, when the answer carries all of them, and
 * `bare` (the same sentence without the number) when it does not: never a sentence with a hole.
 */
export function withNumbers(text: ServerText, names: readonly string[], message: MessageDescriptor, bare: MessageDescriptor): DisplayText {
  const values: Record<string, number> = {};
  for (const name of names) {
    const value = paramOf(text, name);
    if (value === undefined) return bare;
    values[name] = value;
  }
  return { ...message, values };
}

const seatsLeft = (text: ServerText): DisplayText => {
  const count = paramOf(text, 'available');
  if (count === 0) return messages.courseNoSeats;
  return count === undefined ? messages.seatsNotEnough : { ...valueMessages.seatsLeft, values: { count } };
};

/** `field.out_of_range`: the bounds the answer carries (either may be missing). */
const outOfRange = (text: ServerText): DisplayText => {
  const min = paramOf(text, 'min');
  const max = paramOf(text, 'max');
  if (min !== undefined && max !== undefined) return { ...valueMessages.fieldRange, values: { min, max } };
  if (max !== undefined) return { ...valueMessages.fieldAtMost, values: { max } };
  if (min !== undefined) return { ...valueMessages.fieldAtLeast, values: { min } };
  return messages.fieldOutOfRange;
};

const BY_CODE: Record<string, CodeTranslation> = {
  // Accounts (query-api/src/accounts): account-code-texts.ts, loaded with the codes' sentences.
  // Any screen.
  'auth.required': messages.authRequired,
  'auth.forbidden': messages.forbidden,
  unavailable: messages.unavailable,
  internal: messages.internal,
  'conflict.course_busy': messages.busyCourse,
  'conflict.changed_meanwhile': messages.changedMeanwhile,
  'idempotency.in_progress': messages.stillProcessing,
  // Field errors: the one table of the field codes, for the server's answers and for the forms' own
  // rules before sending (src/shared/rules answers these codes; rules/problem-text.ts).
  'field.blank': messages.fieldBlank,
  'field.not_text': messages.fieldNotText,
  'field.invalid_email': messages.fieldNotEmail,
  'field.invalid_phone': messages.fieldNotPhone,
  'field.invalid_vat_number': messages.fieldNotNip,
  'field.invalid_postal_code': messages.fieldNotPostalCode,
  'field.bad_characters': messages.fieldBadCharacters,
  'field.too_short': (text) => withNumbers(text, ['min'], valueMessages.fieldTooShort, messages.fieldTooShortBare),
  'field.too_long': (text) => withNumbers(text, ['max'], valueMessages.fieldTooLong, messages.fieldTooLongBare),
  'field.out_of_range': outOfRange,
  // A course that cannot be booked (command-api/src/holds.rs, booking/catalogue.rs).
  'course.not_found': messages.courseUnknown,
  'course.sale_closed': messages.courseSaleClosed,
  'inventory.not_open': messages.courseNotOnSale,
  'course.unknown_stop': messages.courseStops,
  'course.wrong_direction': messages.courseDirection,
  'course.no_price': messages.courseNoPrice,
  'seats.not_enough': seatsLeft,
  'hold.not_found': messages.seatsNoLongerHeld,
  'hold.released': messages.seatsNoLongerHeld,
  // An invoice asked for after payment.
  'invoice.too_late': messages.invoiceTooLate,
  'invoice.already_issued': messages.invoiceAlreadyIssued,
  'route.has_courses': messages.routeHasCourses,
};

/** The code to translate: the server's (a body without one translates as unknown). */
export function codeOf(text: ServerText): string {
  return text.code ?? '';
}

/** Translates `text` with a screen's table of codes; `null` when the table does not know the code. */
export function translateCode(table: Record<string, CodeTranslation>, text: ServerText): DisplayText | null {
  const translation = table[codeOf(text)];
  if (translation === undefined) return null;
  return typeof translation === 'function' ? translation(text) : translation;
}

/**
 * Every documented code's own sentence (issue 29; server-code-texts.ts), for the codes `BY_CODE` says
 * nothing more specific about. They are a chunk of their own: 130-odd Polish sentences would take ~4 kB
 * of the home page's 150 kB, and a visitor needs them only once an answer is refused. `start` asks for
 * them as the first page renders; until they arrive such a code gets the general sentence.
 */
let codeTexts: Record<string, CodeTranslation> = {};

/** Loads the documented codes' sentences (once; later calls answer at once). */
export async function loadCodeTexts(): Promise<void> {
  const [general, accounts] = await Promise.all([import('./server-code-texts'), import('./account-code-texts')]);
  codeTexts = { ...general.codeTexts, ...accounts.accountCodeTexts };
}

/** A server text's translation, or `null` when this catalogue does not know its code. */
export function knownServerText(text: ServerText): DisplayText | null {
  return translateCode(BY_CODE, text) ?? translateCode(codeTexts, text);
}

/** The toast titles: the answer's name (its status's reason phrase), by status. */
const TITLES: Record<number, MessageDescriptor> = {
  404: messages.notFound,
  422: messages.unprocessable,
  429: messages.tooManyRequests,
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
  return { ...valueMessages.unknown, values: { text: text.trim() } };
}

/** A server text as something to show: its translation when we know its code, else see `untranslatedServerText`. */
export function serverText(text: ServerText): DisplayText {
  return knownServerText(text) ?? untranslatedServerText(text.message);
}

/** `serverText`, formatted in the page's language. */
export function serverMessage(intl: IntlShape, text: ServerText): string {
  return formatDisplayText(intl, serverText(text));
}
