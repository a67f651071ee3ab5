// The texts of the server's error codes that every screen may meet, in the site's catalogue
// (the one table of codes, server-code-texts.ts, says which code takes which, and how a code's values
// fill them in). Only the table imports them, so they come with its chunk; the toasts' titles and the
// general sentence for a code nobody translated, which the first page needs, are in server-title-texts.ts.
import { defineMessages } from 'react-intl';

export const messages = defineMessages({
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
    defaultMessage: 'Podaj poprawny adres e-mail, np. jan.kowalski@example.com.',
    description: 'Field code field.invalid_email: not an e-mail address (the server\'s answer, or the form\'s rule before sending)',
  },
  fieldNotPhone: {
    id: 'server.code.field.invalid_phone',
    defaultMessage: 'Podaj poprawny numer telefonu: od 9 do 15 cyfr (mogą być spacje i znaki + - ( )).',
    description: 'Field code field.invalid_phone: not a phone number of 9 to 15 digits (the server\'s answer, or the form\'s rule)',
  },
  fieldNotNip: {
    id: 'server.code.field.invalid_vat_number',
    defaultMessage: 'Ten NIP jest nieprawidłowy. Sprawdź cyfry.',
    description: 'Field code field.invalid_vat_number: not a NIP, or its check digit does not add up (the server\'s answer, or the form\'s rule)',
  },
  fieldNotPostalCode: {
    id: 'server.code.field.invalid_postal_code',
    defaultMessage: 'Wpisz kod pocztowy w formacie 37-400.',
    description: 'Field code field.invalid_postal_code: not a Polish postal code NN-NNN (the server\'s answer, or the form\'s rule)',
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

export const valueMessages = defineMessages<{
  fieldTooShort: { min: number };
  fieldTooLong: { max: number };
  fieldRange: { min: number; max: number };
  fieldAtLeast: { min: number };
  fieldAtMost: { max: number };
  seatsLeft: { count: number };
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
});
