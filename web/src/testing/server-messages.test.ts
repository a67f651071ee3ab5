// Every message of the backend a customer can meet in normal use, copied from the Rust sources
// (grep -rn 'invalid_field\|ApiError::' command-api/src query-api/src, plus the field messages of
// query-api/src/accounts/fields.rs, command-api/src/booking/input.rs and the search's
// query-api/src/catalogue/search), grouped by the screen that shows it. Each must be said in Polish on
// a Polish page; a message nobody translated must not show its English there, only on /en.
//
// When the backend gains a message a customer can meet, add it here: the test then says which
// translator misses it.
import { createIntl, type IntlShape } from 'react-intl';
import { describe, expect, it } from 'vitest';

import { payAgainRefusal } from '@/features/order/api/pay-again';
import { serverMessage as orderServerMessage } from '@/features/order/utils/server-messages';
import { searchServerMessage } from '@/features/search/utils/server-messages';
import { changeErrorMessage } from '@/features/tickets/utils/change-errors';
import { returnErrorMessage } from '@/features/tickets/utils/return-errors';
import en from '@/i18n/messages/en.json';
import pl from '@/i18n/messages/pl.json';
import { ApiError } from '@/shared/api/api-error';
import { errorToast } from '@/shared/api/error-toast';
import { serverMessage } from '@/shared/api/server-messages';
import { formatDisplayText } from '@/shared/lib/display-text';

const polish = createIntl({ locale: 'pl', defaultLocale: 'pl', messages: pl });
const english = createIntl({ locale: 'en', defaultLocale: 'pl', messages: en });

type Translator = (intl: IntlShape, message: string) => string;

/** What a Polish page shows for a message nobody translated. */
const UNTRANSLATED = serverMessage(polish, 'a message nobody wrote');

/** Any screen: the session, the server, a busy course (api-core/src/error.rs, command-api/src/writer.rs). */
const GENERAL = [
  'authentication required',
  'you are not allowed to do this',
  'the service is temporarily unavailable',
  'an internal error occurred',
  'the course is very busy right now; please try again',
  'this was changed by someone else in the meantime; please try again',
  'The same request is still being processed; please try again shortly.',
  'This page could not be found',
  // Error names, shown as toast titles.
  'Unprocessable Entity',
  'Not Found',
  'Too Many Requests',
];

/** Field messages of the account forms: "<Label> <problem>" (query-api/src/accounts/fields.rs). */
const ACCOUNT_FIELDS = ['E-mail', 'Password', 'Current password', 'First name', 'Last name', 'Phone', 'Token'].flatMap(
  (label) => [
    `${label} cannot be blank.`,
    `${label} must be a string.`,
    `${label} is not a valid e-mail address.`,
    `${label} should contain at least 8 characters.`,
    `${label} should contain at most 254 characters.`,
    `${label} contains characters that are not allowed.`,
  ],
);

/** Login, registration, activation, passwords, the account (query-api/src/accounts). */
const ACCOUNTS = [
  'Your registration failed.',
  'Your account was not activated, please try again.',
  'Password was not changed. Please try again later.',
  'Incorrect e-mail or password.',
  'This e-mail address is already registered.',
  'The e-mail of an existing account cannot be edited.',
  'The current password is incorrect.',
  'Your account was not saved.',
  'Please enter a valid e-mail address.',
  'Too many failed login attempts. Please wait 15 minutes and try again.',
  ...ACCOUNT_FIELDS,
  ...GENERAL,
];

/** The search (query-api/src/catalogue/search/input.rs and mod.rs, catalogue/common/fields.rs). */
const SEARCH = [
  'date is in the past',
  'date is required',
  'date must be a date YYYY-MM-DD',
  'dateBack must be a date YYYY-MM-DD',
  'date is out of range',
  'a return trip needs dateBack',
  'dateBack must not be before date',
  'the destination must differ from the start',
  'no stop with id 999',
  'start is required',
  'end is required',
  'start must be a whole number',
  'end must be from 1 to 9223372036854775807',
  'tripMode is one_way or round_trip',
  ...GENERAL,
];

/** A course that cannot be booked (command-api/src/holds.rs, booking/catalogue.rs). */
const COURSE = [
  'This course does not exist.',
  'The boarding stop is not a stop of this course.',
  'The destination stop is not a stop of this course.',
  'The destination must come after the boarding stop.',
  'This stretch has no price.',
  'This course is not on sale.',
  'Sales for this course have closed.',
  'The course does not stop there.',
  'There are no seats left on this course.',
  'Only 2 seats are left on this course.',
  'The seats of this reservation are no longer held.',
];

/** The order form, the coupon and paying again (command-api/src/booking, coupons.rs, idempotency.rs). */
const ORDER = [
  'Please select a ticket.',
  'There should be at least one ticket in the order',
  'The number of passengers must be between 1 and 50.',
  'One order can hold at most 50 seats.',
  'This field is required.',
  'At most 100 characters.',
  'Please enter a valid e-mail address.',
  'Please enter a valid phone number.',
  'You must accept the terms and conditions.',
  'You must consent to the processing of your data.',
  'Please choose a country.',
  'Please enter a valid NIP (10 digits).',
  'Please enter a postal code like 37-400.',
  'The return trip must leave after the outbound trip arrives.',
  'This discount is not available.',
  'A discount is not available.',
  'This coupon code does not exist.',
  'This coupon has expired.',
  'This coupon has been used up.',
  'This coupon cannot be used.',
  'Please enter a coupon code.',
  'The order is not complete.',
  'Please correct the marked fields.',
  'The reservation took too long and was cancelled; please order again.',
  'This Idempotency-Key was already used for a different request.',
  'There is no such order.',
  'The reservation has expired.',
  'The order is not waiting for payment.',
  ...COURSE,
  ...GENERAL,
];

/** Returning a ticket (command-api/src/booking/returns.rs). */
const RETURN = [
  'Please enter the ticket number.',
  'There is no ticket with this number.',
  "Please enter the ticket's code.",
  'The code does not match this ticket.',
  'This ticket was returned already.',
  'Only tickets of a paid order can be returned.',
  'Tickets can be returned until 10 minutes before departure.',
  ...GENERAL,
];

/** Changing a ticket's course (command-api/src/booking/change.rs, and the seat hold it takes). */
const CHANGE = [
  'Please enter the ticket number.',
  'Please choose a course.',
  'There is no ticket with this number.',
  'The course of this ticket was changed already; it can be changed once.',
  'This ticket was returned.',
  'Only tickets of a paid order can be changed.',
  'The ticket is for this course already.',
  'Choose a course of the same route between the same stops.',
  'A course can be changed until 10 minutes before departure.',
  'This course costs 5,00\u00a0zł more. A change that costs more cannot be paid online: please contact the carrier.',
  ...COURSE,
  ...GENERAL,
];

const accounts: Translator = (intl, message) => serverMessage(intl, message);

const SCREENS: [string, Translator, string[]][] = [
  ['accounts and any screen (shared)', accounts, ACCOUNTS],
  ['search', searchServerMessage, SEARCH],
  ['order form, coupon, pay again', orderServerMessage, ORDER],
  ['ticket return', returnErrorMessage, RETURN],
  ['change of course', changeErrorMessage, CHANGE],
];

describe('the backend’s messages on a Polish page', () => {
  for (const [screen, translate, list] of SCREENS) {
    it(`are all translated: ${screen}`, () => {
      const untranslated = list.filter((message) => {
        const shown = translate(polish, message);
        return shown === message || shown === UNTRANSLATED || shown.trim() === '';
      });
      expect(untranslated).toEqual([]);
    });
  }

  it('keep the values they carry', () => {
    expect(orderServerMessage(polish, 'The number of passengers must be between 1 and 50.')).toBe(
      'Liczba pasażerów musi wynosić od 1 do 50.',
    );
    expect(returnErrorMessage(polish, 'Tickets can be returned until 10 minutes before departure.')).toBe(
      'Bilet można zwrócić najpóźniej 10 minut przed odjazdem.',
    );
    expect(changeErrorMessage(polish, 'A course can be changed until 15 minutes before departure.')).toBe(
      'Kurs można zmienić najpóźniej 15 minut przed odjazdem.',
    );
    expect(changeErrorMessage(polish, CHANGE[9] ?? '')).toBe(
      'Ten kurs jest droższy o 5,00\u00a0zł. Dopłaty nie można jeszcze zapłacić online: skontaktuj się z przewoźnikiem.',
    );
    expect(serverMessage(polish, 'Password should contain at least 8 characters.')).toBe('Wpisz co najmniej 8 znaków.');
    expect(serverMessage(polish, 'Only 3 seats are left on this course.')).toBe('W tym kursie zostały tylko 3 wolne miejsca.');
  });

  it('show one nobody translated as a general sentence, with nothing English in it', () => {
    const message = 'The moon is in the wrong phase.';
    for (const [, translate] of SCREENS) {
      const shown = translate(polish, message);
      expect(shown).toBe('Serwer nie mógł wykonać tej operacji. Sprawdź dane i spróbuj ponownie.');
      expect(shown).not.toContain('moon');
    }
    // A toast of a 422 that nobody translated, too.
    const toast = errorToast(new ApiError({ name: 'Unprocessable Entity', message, status: 422 }));
    expect(formatDisplayText(polish, toast.message)).not.toContain('moon');
    expect(formatDisplayText(polish, toast.title ?? '')).toBe('Niepoprawne dane');
  });
});

describe('the backend’s messages on the English page', () => {
  it('show one nobody translated as the server sent it', () => {
    const message = 'The moon is in the wrong phase.';
    for (const [, translate] of SCREENS) expect(translate(english, message)).toBe(message);
    const toast = errorToast(new ApiError({ name: 'Unprocessable Entity', message, status: 422 }));
    expect(formatDisplayText(english, toast.message)).toBe(message);
  });

  it('are in English', () => {
    expect(searchServerMessage(english, 'date is in the past')).toBe('The departure date has passed. Please choose today or a later day.');
    expect(changeErrorMessage(english, CHANGE[9] ?? '')).toBe(
      'This course costs PLN\u00a05.00 more. The difference cannot be paid online yet: please contact the carrier.',
    );
  });
});

describe('paying again', () => {
  it('tells the refusals apart by their status and message (command-api/src/booking/pay_again.rs)', () => {
    const refusal = (status: number, message: string) =>
      payAgainRefusal(new ApiError({ name: status === 404 ? 'Not Found' : 'Conflict', message, status }));
    expect(refusal(409, 'The reservation has expired.')).toBe('expired');
    expect(refusal(409, 'The order is not waiting for payment.')).toBe('not_pending');
    expect(refusal(404, 'There is no such order.')).toBe('not_found');
    expect(payAgainRefusal(new ApiError({ name: 'NetworkError', message: 'x', status: 0 }))).toBeNull();
  });
});
