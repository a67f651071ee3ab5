// The backend answers in English (spec §8 quotes its messages that way). The ones a person meets in
// normal use are translated here (accounts, a course that cannot be booked, and what any screen may
// get: a busy course, a refused session, a server that is down); the order form, the search and the
// ticket screens add their own (features/*/utils). src/testing/server-messages.test.ts lists every
// message of the backend a customer can meet and checks that each is translated. A message nobody translated is not shown in English on a Polish page: there it
// becomes a general sentence, and only the English site shows it as the server sent it.
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

import { formatDisplayText, type DisplayText } from '../lib/display-text';

const messages = defineMessages({
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
  fieldBadCharacters: {
    id: 'server.field.badCharacters',
    defaultMessage: 'To pole zawiera niedozwolone znaki.',
    description: 'Server field message "<Label> contains characters that are not allowed." (shown under the field)',
  },
});

const valueMessages = defineMessages<{
  fieldTooShort: { min: string };
  fieldTooLong: { max: string };
  seatsLeft: { count: number };
  unknown: { text: string };
}>({
  seatsLeft: {
    id: 'server.course.seatsLeft',
    defaultMessage:
      '{count, plural, one {W tym kursie zostało tylko # wolne miejsce.} few {W tym kursie zostały tylko # wolne miejsca.} other {W tym kursie zostało tylko # wolnych miejsc.}}',
    description: 'Server message "Only N seats are left on this course." (409)',
  },
  fieldTooShort: {
    id: 'server.field.tooShort',
    defaultMessage: 'Wpisz co najmniej {min} znaków.',
    description: 'Server field message "<Label> should contain at least N characters." (shown under the field)',
  },
  fieldTooLong: {
    id: 'server.field.tooLong',
    defaultMessage: 'Wpisz najwyżej {max} znaków.',
    description: 'Server field message "<Label> should contain at most N characters." (shown under the field)',
  },
  unknown: {
    id: 'server.unknown',
    defaultMessage: 'Serwer nie mógł wykonać tej operacji. Sprawdź dane i spróbuj ponownie.',
    description:
      'A server message the site has no translation for. Every language but English shows a general sentence and leaves out the English original (the value "text"); the English catalogue shows just that value.',
  },
});

const KNOWN: Record<string, MessageDescriptor> = {
  'Your registration failed.': messages.registrationFailed,
  'Your account was not activated, please try again.': messages.notActivated,
  'Password was not changed. Please try again later.': messages.passwordNotChanged,
  'Incorrect e-mail or password.': messages.badCredentials,
  'This e-mail address is already registered.': messages.emailTaken,
  'The e-mail of an existing account cannot be edited.': messages.emailReadOnly,
  'The current password is incorrect.': messages.wrongOldPassword,
  'Your account was not saved.': messages.accountNotSaved,
  'Please enter a valid e-mail address.': messages.invalidEmail,
  'Too many failed login attempts. Please wait 15 minutes and try again.': messages.tooManyLogins,
  'This page could not be found': messages.pageNotFound,
  'authentication required': messages.authRequired,
  'you are not allowed to do this': messages.forbidden,
  'the service is temporarily unavailable': messages.unavailable,
  'an internal error occurred': messages.internal,
  'the course is very busy right now; please try again': messages.busyCourse,
  'this was changed by someone else in the meantime; please try again': messages.changedMeanwhile,
  'The same request is still being processed; please try again shortly.': messages.stillProcessing,
  'This course does not exist.': messages.courseUnknown,
  'Sales for this course have closed.': messages.courseSaleClosed,
  'This course is not on sale.': messages.courseNotOnSale,
  'The course does not stop there.': messages.courseStops,
  'The boarding stop is not a stop of this course.': messages.courseStops,
  'The destination stop is not a stop of this course.': messages.courseStops,
  'The destination must come after the boarding stop.': messages.courseDirection,
  'This stretch has no price.': messages.courseNoPrice,
  'There are no seats left on this course.': messages.courseNoSeats,
  'The seats of this reservation are no longer held.': messages.seatsNoLongerHeld,
  'Unprocessable Entity': messages.unprocessable,
  'Unprocessable entity': messages.unprocessable,
  'Not Found': messages.notFound,
  'Too Many Requests': messages.tooManyRequests,
};

/** The labels the account forms' field messages start with (query-api/src/accounts/fields.rs). */
const FIELD_LABELS = '(?:E-mail|Password|Current password|First name|Last name|Phone|Token)';

/** Messages with a value in them: the value is kept, the words translated. */
const PATTERNS: [RegExp, (match: RegExpExecArray) => DisplayText][] = [
  [new RegExp(`^${FIELD_LABELS} cannot be blank\\.$`), () => messages.fieldBlank],
  [new RegExp(`^${FIELD_LABELS} must be a string\\.$`), () => messages.fieldNotText],
  [new RegExp(`^${FIELD_LABELS} is not a valid e-mail address\\.$`), () => messages.fieldNotEmail],
  [new RegExp(`^${FIELD_LABELS} contains characters that are not allowed\\.$`), () => messages.fieldBadCharacters],
  [
    new RegExp(`^${FIELD_LABELS} should contain at least (\\d+) characters\\.$`),
    (match) => ({ ...valueMessages.fieldTooShort, values: { min: match[1] ?? '' } }),
  ],
  [
    new RegExp(`^${FIELD_LABELS} should contain at most (\\d+) characters\\.$`),
    (match) => ({ ...valueMessages.fieldTooLong, values: { max: match[1] ?? '' } }),
  ],
  // The order form's fields (command-api/src/booking/input.rs).
  [/^At most (\d+) characters\.$/, (match) => ({ ...valueMessages.fieldTooLong, values: { max: match[1] ?? '' } })],
  [/^Only (\d+) seats are left on this course\.$/, (match) => ({ ...valueMessages.seatsLeft, values: { count: Number(match[1]) } })],
];

/** A server text's translation, or `null` when this catalogue does not know it. */
export function knownServerText(text: string): DisplayText | null {
  const trimmed = text.trim();
  const known = KNOWN[trimmed];
  if (known) return known;
  for (const [pattern, toText] of PATTERNS) {
    const match = pattern.exec(trimmed);
    if (match) return toText(match);
  }
  return null;
}

/**
 * A server text that nobody translated: a general sentence in every language but English, where it
 * is shown as sent (the English catalogue's text is just `{text}`).
 */
export function untranslatedServerText(text: string): DisplayText {
  return { ...valueMessages.unknown, values: { text: text.trim() } };
}

/** A server text as something to show: its translation when we know it, else see `untranslatedServerText`. */
export function serverText(text: string): DisplayText {
  return knownServerText(text) ?? untranslatedServerText(text);
}

/** `serverText`, formatted in the page's language. */
export function serverMessage(intl: IntlShape, text: string): string {
  return formatDisplayText(intl, serverText(text));
}
