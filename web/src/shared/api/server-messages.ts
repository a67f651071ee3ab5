// Every error answer of the backend carries a stable `code` (docs/errors.md) beside its English message;
// the site translates the code, never the message. The codes a person meets in normal use are
// translated here (accounts, a course that cannot be booked, and what any screen may get: a busy
// course, a refused session, a server that is down); the order form, the search and the ticket screens
// add their own (features/*/utils), some by field. src/testing/server-messages.test.ts lists every code
// a customer can meet and checks that each is translated. A code nobody translated (or an answer
// without one) is not shown in English on a Polish page: there it becomes a general sentence, and only
// the English site shows the server's message as it was sent.
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

import { formatDisplayText, type DisplayText } from '../lib/display-text';

const messages = defineMessages({
  // An invoice asked for after payment (issue 29).
  invoiceTooLate: {
    id: 'server.invoiceTooLate',
    defaultMessage: 'Fakturę można wystawić najpóźniej do końca trzeciego miesiąca po miesiącu sprzedaży. Ten termin minął.',
    description: 'Server code invoice.too_late: the buyer asked for an invoice after the VAT deadline',
  },
  routeHasCourses: {
    id: 'server.routeHasCourses',
    defaultMessage: 'Tej trasy nie można usunąć: ma kursy, a zamówienia się do niej odwołują. Zarchiwizuj ją zamiast tego.',
    description: 'Server code route.has_courses: a route with courses is archived, not deleted',
  },
  invoiceAlreadyIssued: {
    id: 'server.invoiceAlreadyIssued',
    defaultMessage: 'Faktura do tego zamówienia została już wystawiona.',
    description: 'Server code invoice.already_issued',
  },
  registrationFailed: {
    id: 'server.registrationFailed',
    defaultMessage: 'Rejestracja nie powiodła się.',
    description: 'Server message "Your registration failed." (spec §8)',
  },
  notActivated: {
    id: 'server.notActivated',
    defaultMessage: 'Twoje konto nie zostało aktywowane, spróbuj ponownie.',
    description: 'Server message "Your account was not activated, please try again." (spec §8)',
  },
  passwordNotChanged: {
    id: 'server.passwordNotChanged',
    defaultMessage: 'Hasło nie zostało zmienione. Spróbuj ponownie później.',
    description: 'Server message "Password was not changed. Please try again later." (spec §8)',
  },
  badCredentials: {
    id: 'server.badCredentials',
    defaultMessage: 'Nieprawidłowy e-mail lub hasło.',
    description: 'Server message "Incorrect e-mail or password." after a failed login',
  },
  emailTaken: {
    id: 'server.emailTaken',
    defaultMessage: 'Ten adres e-mail jest już zarejestrowany.',
    description: 'Server message "This e-mail address is already registered."',
  },
  emailReadOnly: {
    id: 'server.emailReadOnly',
    defaultMessage: 'Adresu e-mail istniejącego konta nie można zmienić.',
    description: 'Server message "The e-mail of an existing account cannot be edited." (spec §5)',
  },
  wrongOldPassword: {
    id: 'server.wrongOldPassword',
    defaultMessage: 'Obecne hasło jest nieprawidłowe.',
    description: 'Server message "The current password is incorrect."',
  },
  accountNotSaved: {
    id: 'server.accountNotSaved',
    defaultMessage: 'Nie zapisano zmian konta.',
    description: 'Server message "Your account was not saved."',
  },
  invalidEmail: {
    id: 'server.invalidEmail',
    defaultMessage: 'Podaj poprawny adres e-mail.',
    description: 'Server message "Please enter a valid e-mail address."',
  },
  tooManyLogins: {
    id: 'server.tooManyLogins',
    defaultMessage: 'Zbyt wiele nieudanych prób logowania. Odczekaj 15 minut i spróbuj ponownie.',
    description: 'Server message "Too many failed login attempts. Please wait 15 minutes and try again." (429)',
  },
  pageNotFound: {
    id: 'server.pageNotFound',
    defaultMessage: 'Nie można znaleźć tej strony',
    description: 'Server message "This page could not be found"',
  },
  authRequired: {
    id: 'server.authRequired',
    defaultMessage: 'Zaloguj się, aby to zrobić.',
    description: 'Server message "authentication required" (401)',
  },
  forbidden: {
    id: 'server.forbidden',
    defaultMessage: 'Nie masz uprawnień do tej operacji.',
    description: 'Server message "you are not allowed to do this" (403)',
  },
  unavailable: {
    id: 'server.unavailable',
    defaultMessage: 'Usługa jest chwilowo niedostępna. Spróbuj ponownie za chwilę.',
    description: 'Server message "the service is temporarily unavailable" (503)',
  },
  internal: {
    id: 'server.internal',
    defaultMessage: 'Wystąpił błąd serwera. Spróbuj ponownie za chwilę.',
    description: 'Server message "an internal error occurred" (500)',
  },
  busyCourse: {
    id: 'server.busyCourse',
    defaultMessage: 'Ten kurs ma teraz bardzo dużo rezerwacji. Spróbuj ponownie.',
    description: 'Server message "the course is very busy right now; please try again" (409)',
  },
  changedMeanwhile: {
    id: 'server.changedMeanwhile',
    defaultMessage: 'W międzyczasie ktoś zmienił te dane. Spróbuj ponownie.',
    description: 'Server message "this was changed by someone else in the meantime; please try again" (409)',
  },
  stillProcessing: {
    id: 'server.stillProcessing',
    defaultMessage: 'To samo żądanie jest jeszcze przetwarzane. Spróbuj ponownie za chwilę.',
    description: 'Server message "The same request is still being processed; please try again shortly." (409)',
  },
  unprocessable: {
    id: 'server.name.unprocessable',
    defaultMessage: 'Niepoprawne dane',
    description: 'Server error name "Unprocessable Entity" (HTTP 422), shown as a toast title',
  },
  notFound: {
    id: 'server.name.notFound',
    defaultMessage: 'Nie znaleziono',
    description: 'Server error name "Not Found" (HTTP 404), shown as a toast title',
  },
  tooManyRequests: {
    id: 'server.name.tooManyRequests',
    defaultMessage: 'Zbyt wiele prób',
    description: 'Server error name "Too Many Requests" (HTTP 429), shown as a toast title',
  },
  fieldBlank: {
    id: 'server.field.blank',
    defaultMessage: 'To pole jest wymagane.',
    description: 'Server field message "<Label> cannot be blank." (shown under the field)',
  },
  fieldNotText: {
    id: 'server.field.notText',
    defaultMessage: 'Wpisz tekst.',
    description: 'Server field message "<Label> must be a string." (shown under the field)',
  },
  fieldNotEmail: {
    id: 'server.field.notEmail',
    defaultMessage: 'Podaj poprawny adres e-mail.',
    description: 'Server field message "<Label> is not a valid e-mail address." (shown under the field)',
  },
  courseUnknown: {
    id: 'server.course.unknown',
    defaultMessage: 'Nie ma takiego kursu. Wybierz kurs ponownie.',
    description: 'Server message "This course does not exist."',
  },
  courseSaleClosed: {
    id: 'server.course.saleClosed',
    defaultMessage: 'Sprzedaż biletów na ten kurs jest już zamknięta. Wybierz inny kurs.',
    description: 'Server message "Sales for this course have closed." (10 minutes before departure)',
  },
  courseNotOnSale: {
    id: 'server.course.notOnSale',
    defaultMessage: 'Ten kurs nie jest w sprzedaży. Wybierz inny kurs.',
    description: 'Server message "This course is not on sale."',
  },
  courseStops: {
    id: 'server.course.stops',
    defaultMessage: 'Ten kurs nie jedzie między wybranymi przystankami. Wybierz kurs ponownie.',
    description:
      'Server messages "The course does not stop there.", "The boarding stop / The destination stop is not a stop of this course."',
  },
  courseDirection: {
    id: 'server.course.direction',
    defaultMessage: 'Przystanek docelowy musi być za przystankiem początkowym.',
    description: 'Server message "The destination must come after the boarding stop."',
  },
  courseNoPrice: {
    id: 'server.course.noPrice',
    defaultMessage: 'Na tym odcinku nie sprzedajemy biletów. Wybierz inne przystanki.',
    description: 'Server message "This stretch has no price."',
  },
  courseNoSeats: {
    id: 'server.course.noSeats',
    defaultMessage: 'W tym kursie nie ma już wolnych miejsc. Wybierz inny kurs.',
    description: 'Server message "There are no seats left on this course." (409)',
  },
  seatsNoLongerHeld: {
    id: 'server.course.seatsNoLongerHeld',
    defaultMessage: 'Miejsca tej rezerwacji nie są już zatrzymane. Złóż zamówienie ponownie.',
    description: 'Server message "The seats of this reservation are no longer held." (409)',
  },
  fieldTooShortBare: {
    id: 'server.field.tooShortBare',
    defaultMessage: 'Ten tekst jest za krótki.',
    description: 'Server field code field.too_short when the answer carries no minimum (params.min)',
  },
  fieldTooLongBare: {
    id: 'server.field.tooLongBare',
    defaultMessage: 'Ten tekst jest za długi.',
    description: 'Server field code field.too_long when the answer carries no maximum (params.max)',
  },
  fieldOutOfRange: {
    id: 'server.field.outOfRange',
    defaultMessage: 'Ta wartość jest poza dozwolonym zakresem.',
    description: 'Server field code field.out_of_range when the answer carries no bounds (params.min/max)',
  },
  seatsNotEnough: {
    id: 'server.course.seatsNotEnough',
    defaultMessage: 'W tym kursie nie ma już tylu wolnych miejsc. Wybierz mniej miejsc lub inny kurs.',
    description: 'Server message "Only N seats are left on this course." (409) when the answer carries no number (params.available)',
  },
  fieldBadCharacters: {
    id: 'server.field.badCharacters',
    defaultMessage: 'To pole zawiera niedozwolone znaki.',
    description: 'Server field message "<Label> contains characters that are not allowed." (shown under the field)',
  },
});

const valueMessages = defineMessages<{
  fieldTooShort: { min: number };
  fieldTooLong: { max: number };
  fieldRange: { min: number; max: number };
  fieldAtLeast: { min: number };
  fieldAtMost: { max: number };
  seatsLeft: { count: number };
  unknown: { text: string };
}>({
  seatsLeft: {
    id: 'server.course.seatsLeft',
    defaultMessage:
      '{count, plural, one {W tym kursie zostało tylko # wolne miejsce.} few {W tym kursie zostały tylko # wolne miejsca.} other {W tym kursie zostało tylko # wolnych miejsc.}}',
    description: 'Server message "Only N seats are left on this course." (409; N from the answer\'s params.available)',
  },
  fieldTooShort: {
    id: 'server.field.tooShort',
    defaultMessage: 'Wpisz co najmniej {min, plural, one {# znak} few {# znaki} many {# znaków} other {# znaku}}.',
    description: 'Server field message "<Label> should contain at least N characters." (shown under the field; N from params.min)',
  },
  fieldTooLong: {
    id: 'server.field.tooLong',
    defaultMessage: 'Wpisz najwyżej {max, plural, one {# znak} few {# znaki} many {# znaków} other {# znaku}}.',
    description: 'Server field message "<Label> should contain at most N characters." (shown under the field; N from params.max)',
  },
  fieldRange: {
    id: 'server.field.range',
    defaultMessage: 'Wpisz wartość od {min, number} do {max, number}.',
    description: 'Server field code field.out_of_range with both bounds (params.min, params.max)',
  },
  fieldAtLeast: {
    id: 'server.field.atLeast',
    defaultMessage: 'Wpisz wartość co najmniej {min, number}.',
    description: 'Server field code field.out_of_range with only a lower bound (params.min)',
  },
  fieldAtMost: {
    id: 'server.field.atMost',
    defaultMessage: 'Wpisz wartość najwyżej {max, number}.',
    description: 'Server field code field.out_of_range with only an upper bound (params.max)',
  },
  unknown: {
    id: 'server.unknown',
    defaultMessage: 'Serwer nie mógł wykonać tej operacji. Sprawdź dane i spróbuj ponownie.',
    description:
      'A server message the site has no translation for. Every language but English shows a general sentence and leaves out the English original (the value "text"); the English catalogue shows just that value.',
  },
});

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
  // Accounts (query-api/src/accounts).
  'account.registration_failed': messages.registrationFailed,
  'account.not_activated': messages.notActivated,
  'password.not_changed': messages.passwordNotChanged,
  'auth.bad_credentials': messages.badCredentials,
  'account.email_taken': messages.emailTaken,
  'account.email_read_only': messages.emailReadOnly,
  'password.wrong_old': messages.wrongOldPassword,
  'account.not_saved': messages.accountNotSaved,
  'password.reset_refused': messages.invalidEmail,
  'auth.too_many_logins': messages.tooManyLogins,
  'page.not_found': messages.pageNotFound,
  // Any screen.
  'auth.required': messages.authRequired,
  'auth.forbidden': messages.forbidden,
  unavailable: messages.unavailable,
  internal: messages.internal,
  'conflict.course_busy': messages.busyCourse,
  'conflict.changed_meanwhile': messages.changedMeanwhile,
  'idempotency.in_progress': messages.stillProcessing,
  // Field errors.
  'field.blank': messages.fieldBlank,
  'field.not_text': messages.fieldNotText,
  'field.invalid_email': messages.fieldNotEmail,
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

/** A server text's translation, or `null` when this catalogue does not know its code. */
export function knownServerText(text: ServerText): DisplayText | null {
  return translateCode(BY_CODE, text);
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
 * A server text that nobody translated: a general sentence in every language but English, where it
 * is shown as sent (the English catalogue's text is just `{text}`).
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
