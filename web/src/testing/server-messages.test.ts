// Every code of the backend's error answers a customer can meet in normal use (docs/errors.md; the
// backend's list is the code enum of ApiErrorBody in web/openapi.json), grouped by the screen that
// shows it. Each must be said in Polish on a Polish page; a code nobody translated must not show the
// server's English message there, nor on /en (a general sentence in the page's language instead). A sample's message is the backend's own; the numbers
// some translations repeat (a number of seats, minutes, a length) come from its `params`, never from
// the English message.
//
// When the backend gains a code a customer can meet, add it here: the test then says which
// translator misses it.
import { createIntl, type IntlShape } from 'react-intl';
import { describe, expect, it } from 'vitest';

import { complaintErrorMessage } from '@/features/complaints/utils/complaint-errors';
import { choiceErrorMessage } from '@/features/disruption/utils/choice-refusal';
import { payAgainRefusal } from '@/features/order/api/pay-again';
import { serverMessage as orderServerMessage } from '@/features/order/utils/server-messages';
import { searchServerMessage } from '@/features/search/utils/server-messages';
import { changeErrorMessage } from '@/features/tickets/utils/change-errors';
import { returnErrorMessage } from '@/features/tickets/utils/return-errors';
import en from '@/i18n/messages/en.json';
import pl from '@/i18n/messages/pl.json';
import { ApiError } from '@/shared/api/api-error';
import { errorToast } from '@/shared/api/error-toast';
import { serverMessage, type ServerText } from '@/shared/api/server-messages';
import { formatDisplayText } from '@/shared/lib/display-text';

import openapiDocument from '../../openapi.json';

const polish = createIntl({ locale: 'pl', defaultLocale: 'pl', messages: pl });
const english = createIntl({ locale: 'en', defaultLocale: 'pl', messages: en });

type Translator = (intl: IntlShape, text: ServerText) => string;

/** A code as the backend sends it: with its message, for a field error the field, and its params. */
const sample = (code: string, message = `(${code})`, field?: string, params?: Record<string, number>): ServerText => ({
  code,
  message,
  field,
  params,
});

/** What a Polish page shows for a code nobody translated. */
const UNTRANSLATED = serverMessage(polish, sample('no.such_code', 'a message nobody wrote'));

/** Any screen: the session, the server, a busy course (api-core/src/codes.rs). */
const GENERAL = [
  sample('auth.required', 'authentication required'),
  sample('auth.forbidden', 'you are not allowed to do this'),
  sample('unavailable', 'the service is temporarily unavailable'),
  sample('internal', 'an internal error occurred'),
  sample('conflict.course_busy', 'the course is very busy right now; please try again'),
  sample('conflict.changed_meanwhile', 'this was changed by someone else in the meantime; please try again'),
  sample('idempotency.in_progress', 'The same request is still being processed; please try again shortly.'),
  sample('page.not_found', 'This page could not be found'),
];

/** Field errors of the account forms (query-api/src/accounts/fields.rs). */
const ACCOUNT_FIELDS = [
  sample('field.blank', 'E-mail cannot be blank.', 'email'),
  sample('field.not_text', 'E-mail must be a string.', 'email'),
  sample('field.invalid_email', 'E-mail is not a valid e-mail address.', 'email'),
  sample('field.too_short', 'Password should contain at least 8 characters.', 'password', { min: 8 }),
  sample('field.too_long', 'First name should contain at most 100 characters.', 'first_name', { max: 100 }),
  sample('field.bad_characters', 'Phone contains characters that are not allowed.', 'phone'),
];

/** Login, registration, activation, passwords, the account (query-api/src/accounts). */
const ACCOUNTS = [
  sample('account.registration_failed', 'Your registration failed.'),
  sample('account.not_activated', 'Your account was not activated, please try again.'),
  sample('password.not_changed', 'Password was not changed. Please try again later.'),
  sample('auth.bad_credentials', 'Incorrect e-mail or password.'),
  sample('account.email_taken', 'This e-mail address is already registered.', 'email'),
  sample('account.email_read_only', 'The e-mail of an existing account cannot be edited.', 'email'),
  sample('password.wrong_old', 'The current password is incorrect.', 'old_password'),
  sample('account.not_saved', 'Your account was not saved.'),
  sample('password.reset_refused', 'Please enter a valid e-mail address.'),
  sample('auth.too_many_logins', 'Too many failed login attempts. Please wait 15 minutes and try again.'),
  ...ACCOUNT_FIELDS,
  ...GENERAL,
];

/** The search's field errors (query-api/src/catalogue/search, catalogue/common/fields.rs). */
const SEARCH = [
  sample('date.in_past', 'date is in the past', 'date'),
  sample('field.blank', 'date is required', 'date'),
  sample('field.not_date', 'date must be a date YYYY-MM-DD', 'date'),
  sample('field.not_date', 'dateBack must be a date YYYY-MM-DD', 'dateBack'),
  sample('field.out_of_range', 'date is out of range', 'date'),
  sample('field.blank', 'a return trip needs dateBack', 'dateBack'),
  sample('date.before_start', 'dateBack must not be before date', 'dateBack'),
  sample('search.same_stops', 'the destination must differ from the start', 'end'),
  sample('stop.not_found', 'no stop with id 999', 'start'),
  sample('field.blank', 'start is required', 'start'),
  sample('field.blank', 'end is required', 'end'),
  sample('field.not_integer', 'start must be a whole number', 'start'),
  sample('field.out_of_range', 'end must be from 1 to 9223372036854775807', 'end', { min: 1, max: Number.MAX_SAFE_INTEGER }),
  sample('field.invalid_choice', 'tripMode is one_way or round_trip', 'tripMode'),
  ...GENERAL,
];

/** A course that cannot be booked (command-api/src/holds.rs, booking/catalogue.rs). */
const COURSE = [
  sample('course.not_found', 'This course does not exist.', 'course'),
  sample('course.unknown_stop', 'The boarding stop is not a stop of this course.', 'course'),
  sample('course.wrong_direction', 'The destination must come after the boarding stop.', 'course'),
  sample('course.no_price', 'This stretch has no price.', 'course'),
  sample('inventory.not_open', 'This course is not on sale.', 'course'),
  sample('course.sale_closed', 'Sales for this course have closed.', 'course'),
  sample('course.cancelled', 'The course was cancelled: it sells nothing.', 'course'),
  sample('seats.not_enough', 'There are no seats left on this course.', undefined, { available: 0 }),
  sample('seats.not_enough', 'Only 2 seats are left on this course.', undefined, { available: 2 }),
  sample('hold.not_found', 'The seats of this reservation are no longer held.'),
  sample('hold.released', 'The seats of this reservation are no longer held.'),
];

/** The order form, the coupon and paying again (command-api/src/booking, coupons.rs, idempotency.rs). */
const ORDER = [
  sample('field.blank', 'Please select a ticket.', 'course'),
  sample('order.no_tickets', 'There should be at least one ticket in the order', 'tickets'),
  sample('order.bad_quantity', 'The number of passengers must be between 1 and 50.', 'tickets.0.qty', { max: 50 }),
  sample('order.too_many_seats', 'One order can hold at most 50 seats.', 'tickets', { max: 50 }),
  sample('field.blank', 'This field is required.', 'customer.first_name'),
  sample('field.too_long', 'At most 100 characters.', 'customer.first_name', { max: 100 }),
  sample('field.invalid_email', 'Please enter a valid e-mail address.', 'customer.email'),
  sample('field.invalid_phone', 'Please enter a valid phone number.', 'customer.phone'),
  sample('consent.terms_required', 'You must accept the terms and conditions.', 'customer.consent_statute'),
  sample('consent.data_required', 'You must consent to the processing of your data.', 'customer.consent_gdpr'),
  sample('field.blank', 'Please choose a country.', 'invoice.country'),
  sample('field.invalid_vat_number', 'Please enter a valid NIP (10 digits).', 'invoice.vat_number'),
  sample('field.invalid_postal_code', 'Please enter a postal code like 37-400.', 'invoice.postal_code'),
  sample('order.back_before_outbound', 'The return trip must leave after the outbound trip arrives.', 'courseReturn'),
  sample('discount.not_available', 'This discount is not available.', 'tickets.0.discount_id'),
  sample('coupon.not_found', 'This coupon code does not exist.', 'coupon.code'),
  sample('coupon.expired', 'This coupon has expired.', 'coupon.code'),
  sample('coupon.used_up', 'This coupon has been used up.', 'coupon.code'),
  sample('coupon.not_due', 'This coupon cannot be used.', 'coupon.code'),
  sample('coupon.empty_code', 'Please enter a coupon code.', 'coupon.code'),
  sample('order.incomplete', 'The order is not complete.'),
  sample('validation', 'Please correct the marked fields.'),
  sample('reservation.took_too_long', 'The reservation took too long and was cancelled; please order again.'),
  sample('idempotency.key_reused', 'This Idempotency-Key was already used for a different request.', 'Idempotency-Key'),
  sample('order.not_found', 'There is no such order.'),
  sample('reservation.expired', 'The reservation has expired.'),
  sample('order.not_pending', 'The order is not waiting for payment.'),
  ...COURSE,
  ...GENERAL,
];

/** Returning a ticket (command-api/src/booking/returns.rs). */
const RETURN = [
  sample('field.blank', 'Please enter the ticket number.', 'number'),
  sample('ticket.not_found', 'There is no ticket with this number.'),
  sample('order.not_found', 'There is no ticket with this number.'),
  sample('ticket.code_required', "Please enter the ticket's code.", 'code'),
  sample('ticket.wrong_code', 'The code does not match this ticket.', 'code'),
  sample('ticket.not_owner', 'you are not allowed to do this'),
  sample('ticket.already_returned', 'This ticket was returned already.'),
  sample('order.not_paid', 'Only tickets of a paid order can be returned.'),
  sample('return.too_late', 'Tickets can be returned until 10 minutes before departure.', 'number', { minutes: 10 }),
  ...GENERAL,
];

/** Changing a ticket's course (command-api/src/booking/change/, and the seat hold it takes). */
const CHANGE = [
  sample('field.blank', 'Please enter the ticket number.', 'number'),
  sample('field.blank', 'Please choose a course.', 'course_id'),
  sample('ticket.not_found', 'There is no ticket with this number.'),
  sample('ticket.not_owner', 'you are not allowed to do this'),
  sample('ticket.already_changed', 'The course of this ticket was changed already; it can be changed once.'),
  sample('ticket.already_returned', 'This ticket was returned.'),
  sample('order.not_paid', 'Only tickets of a paid order can be changed.'),
  sample('change.same_course', 'The ticket is for this course already.', 'course_id'),
  sample('change.different_route', 'Choose a course of the same route between the same stops.', 'course_id'),
  sample('change.different_stops', 'Choose a course of the same route between the same stops.', 'course_id'),
  sample('change.too_late', 'A course can be changed until 10 minutes before departure.', 'number', { minutes: 10 }),
  sample('change.pending', 'A change of this ticket waits for its payment.'),
  sample('ticket.used', 'This ticket was used: a passenger boarded with it.'),
  ...COURSE,
  ...GENERAL,
];

/** The choice of a cancelled or late course's passenger (command-api/src/booking/disruption, issue 28). */
const DISRUPTION = [
  sample('disruption.link_invalid', "The link of a disrupted course's message is forged, malformed or names no disrupted course of the order."),
  sample('disruption.already_chosen', 'A choice was made already.'),
  sample('disruption.choice_closed', 'The time to choose is over.'),
  sample('disruption.no_choice', 'A delay this short offers no choice.'),
  sample('disruption.not_an_alternative', 'The course is not one of the alternatives offered.', 'to_course_id'),
  sample('change.different_route', 'Choose a course of the same route between the same stops.', 'to_course_id'),
  sample('seats.not_enough', 'There are no seats left on this course.', undefined, { available: 0 }),
  sample('field.invalid_choice', 'Choose one of the offered courses.', 'to_course_id'),
  sample('field.blank', 'This field is required.', 'to_course_id'),
  ...GENERAL,
];

/** Filing a complaint (command-api/src/complaints). */
const COMPLAINT = [
  sample('complaint.unknown_order', 'There is no order or ticket with this number and e-mail.', 'number'),
  sample('complaint.too_late', 'A complaint is filed within 3 months of the journey.'),
  sample('complaint.empty_text', 'Please describe what happened.', 'text'),
  sample('complaint.text_too_long', 'The text is at most 5000 characters.', 'text'),
  sample('complaint.too_many_attachments', 'At most 3 files can be attached.', 'attachments'),
  sample('complaint.attachment_too_large', 'A file is at most 5 MB.', 'attachments[0]'),
  sample('complaint.empty_attachment', 'The file is empty.', 'attachments[0]'),
  sample('complaint.attachment_not_allowed', 'Only pictures and PDF files can be attached.', 'attachments[1]'),
  sample('field.invalid', 'content is not base64', 'attachments[0].content'),
  sample('field.blank', 'E-mail cannot be blank.', 'email'),
  sample('field.invalid_email', 'E-mail is not a valid e-mail address.', 'email'),
  ...GENERAL,
];

/** Changing the account's e-mail, and its link (accounts-api/src/email_change.rs). */
const EMAIL = [
  sample('field.blank', 'E-mail cannot be blank.', 'email'),
  sample('field.invalid_email', 'E-mail is not a valid e-mail address.', 'email'),
  sample('field.invalid', "This is the account's e-mail address already.", 'email'),
  sample('field.blank', 'Password cannot be blank.', 'password'),
  sample('password.wrong_old', 'The password is not right.', 'password'),
  sample('account.email_taken', 'This e-mail address is already registered.', 'email'),
  sample('auth.too_many_logins', 'Too many failed login attempts. Please wait 15 minutes and try again.'),
  sample('account.email_link_invalid', 'This link is not valid: it has expired or was used.', 'token'),
  ...GENERAL,
];

const accounts: Translator = (intl, text) => serverMessage(intl, text);
const email: Translator = (intl, text) => serverMessage(intl, text, 'email');

const SCREENS: [string, Translator, ServerText[]][] = [
  ['accounts and any screen (shared)', accounts, ACCOUNTS],
  ["the account's e-mail and its link", email, EMAIL],
  ['search', searchServerMessage, SEARCH],
  ['order form, coupon, pay again', orderServerMessage, ORDER],
  ['ticket return', returnErrorMessage, RETURN],
  ['change of course', changeErrorMessage, CHANGE],
  ['choice of a disrupted course', choiceErrorMessage, DISRUPTION],
  ['complaint form', complaintErrorMessage, COMPLAINT],
];

interface ErrorSchema {
  components: { schemas: { ApiErrorBody: { properties: { code: { enum: string[] } } } } };
}

/** The backend's codes, as its OpenAPI document lists them (web/openapi.json). */
const BACKEND_CODES = new Set((openapiDocument as unknown as ErrorSchema).components.schemas.ApiErrorBody.properties.code.enum);

describe('the codes listed here', () => {
  it('are all codes of the backend (a typo or a renamed code fails here)', () => {
    const all = SCREENS.flatMap(([, , list]) => list.map((text) => text.code ?? ''));
    expect(all.filter((code) => !BACKEND_CODES.has(code))).toEqual([]);
  });
});

describe('the backend’s messages on a Polish page', () => {
  for (const [screen, translate, list] of SCREENS) {
    it(`are all translated: ${screen}`, () => {
      const untranslated = list.filter((text) => {
        const shown = translate(polish, text);
        return shown === text.message || shown === UNTRANSLATED || shown.trim() === '';
      });
      expect(untranslated.map((text) => `${text.code ?? ''} ${text.field ?? ''}`)).toEqual([]);
    });
  }

  it('say the numbers of their params, never the ones in the English message', () => {
    // Each English message says one number, its params another: the page shows the params'.
    expect(orderServerMessage(polish, sample('order.bad_quantity', 'The number of passengers must be between 1 and 50.', 'tickets.0.qty', { max: 40 }))).toBe(
      'Liczba pasażerów musi wynosić od 1 do 40.',
    );
    expect(orderServerMessage(polish, sample('order.too_many_seats', 'One order can hold at most 50 seats.', 'tickets', { max: 22 }))).toBe(
      'Jedno zamówienie może obejmować najwyżej 22 miejsca.',
    );
    expect(returnErrorMessage(polish, sample('return.too_late', 'Tickets can be returned until 10 minutes before departure.', 'number', { minutes: 15 }))).toBe(
      'Bilet można zwrócić najpóźniej 15 minut przed odjazdem.',
    );
    expect(changeErrorMessage(polish, sample('change.too_late', 'A course can be changed until 10 minutes before departure.', 'number', { minutes: 2 }))).toBe(
      'Kurs można zmienić najpóźniej 2 minuty przed odjazdem.',
    );
    expect(serverMessage(polish, sample('field.too_short', 'Password should contain at least 8 characters.', 'password', { min: 12 }))).toBe(
      'Wpisz co najmniej 12 znaków.',
    );
    expect(serverMessage(polish, sample('field.too_long', 'email is at most 3 characters', 'email', { max: 5 }))).toBe('Wpisz najwyżej 5 znaków.');
    expect(serverMessage(polish, sample('seats.not_enough', 'Only 3 seats are left on this course.', undefined, { available: 5 }))).toBe(
      'W tym kursie zostało tylko 5 wolnych miejsc.',
    );
    expect(serverMessage(polish, sample('seats.not_enough', 'Only 3 seats are left on this course.', undefined, { available: 0 }))).toBe(
      'W tym kursie nie ma już wolnych miejsc. Wybierz inny kurs.',
    );
    expect(serverMessage(polish, sample('field.out_of_range', 'value must be from 0 to 100', 'value', { min: 1, max: 1000000 }))).toBe(
      'Wpisz wartość od 1 do 1\u00a0000\u00a0000.',
    );
    expect(serverMessage(polish, sample('field.out_of_range', 'at most 100', 'value', { max: 255 }))).toBe('Wpisz wartość najwyżej 255.');
  });

  it('say a complaint step refused in the panel in the panel\'s words (one table, its `panel` variant)', () => {
    expect(serverMessage(polish, sample('complaint.empty_text', 'The answer needs text.', 'text'), 'panel')).toBe('Wpisz odpowiedź.');
    expect(serverMessage(english, sample('complaint.empty_text', 'The answer needs text.', 'text'), 'panel')).toBe('Please write the answer.');
    expect(serverMessage(polish, sample('complaint.not_decided', 'Decide first.'), 'panel')).toBe(
      'Najpierw uwzględnij albo odrzuć reklamację, potem na nią odpowiedz.',
    );
    expect(serverMessage(polish, sample('complaint.already_decided', 'Decided.'), 'panel')).toBe('Ta reklamacja została już uwzględniona albo odrzucona.');
  });

  it("say the e-mail change's refusals in its own words (one table, its `email` variant)", () => {
    expect(serverMessage(polish, sample('field.invalid', "This is the account's e-mail address already.", 'email'), 'email')).toBe(
      'To jest już adres e-mail Twojego konta. Podaj nowy adres.',
    );
    expect(serverMessage(english, sample('auth.too_many_logins', 'Too many failed login attempts.'), 'email')).toBe(
      'Too many attempts with a wrong password. Please wait 15 minutes and try again.',
    );
    expect(serverMessage(polish, sample('unavailable', 'the e-mail could not be sent'), 'email')).toBe(
      'Nie udało się wysłać wiadomości na nowy adres, więc nic się nie zmieniło. Spróbuj ponownie za chwilę.',
    );
    // Elsewhere, the general sentences.
    expect(serverMessage(polish, sample('field.invalid', 'x', 'email'))).toBe('Ta wartość jest niepoprawna.');
  });

  it('say a price out of range in the panel in złoty, a grid cell by its name without indices', () => {
    const price = (field: string) => sample('field.out_of_range', 'price must be from 1 to 10000000', field, { min: 1, max: 10_000_000 });
    expect(serverMessage(polish, price('prices[3].price'), 'panel')).toBe('Podaj cenę od 0,01 do 100\u00a0000,00 zł.');
    expect(serverMessage(english, price('price'), 'panel')).toBe('Enter a price from PLN 0.01 to PLN 100,000.00.');
    // Another field of the grid, and a price elsewhere, keep the general sentence.
    expect(serverMessage(polish, sample('field.out_of_range', 'x', 'prices[3].to_waypoint_id', { min: 1, max: 9 }), 'panel')).toBe('Wpisz wartość od 1 do 9.');
    expect(serverMessage(polish, price('price'))).toBe('Wpisz wartość od 1 do 10\u00a0000\u00a0000.');
  });

  it('say a length in the Polish plural its number takes', () => {
    const tooLong = (max: number) => serverMessage(polish, sample('field.too_long', 'x', 'email', { max }));
    expect([1, 2, 5, 12, 22, 25, 254].map(tooLong)).toEqual([
      'Wpisz najwyżej 1 znak.',
      'Wpisz najwyżej 2 znaki.',
      'Wpisz najwyżej 5 znaków.',
      'Wpisz najwyżej 12 znaków.',
      'Wpisz najwyżej 22 znaki.',
      'Wpisz najwyżej 25 znaków.',
      'Wpisz najwyżej 254 znaki.',
    ]);
    expect(serverMessage(english, sample('field.too_long', 'x', 'email', { max: 1 }))).toBe('Please enter at most 1 character.');
    expect(serverMessage(english, sample('field.too_long', 'x', 'email', { max: 254 }))).toBe('Please enter at most 254 characters.');
    expect(returnErrorMessage(polish, sample('return.too_late', 'x', 'number', { minutes: 1 }))).toBe(
      'Bilet można zwrócić najpóźniej 1 minutę przed odjazdem.',
    );
  });

  it('say the sentence without its number when the answer carries none (never a gap)', () => {
    const bare: [string, string][] = [
      [orderServerMessage(polish, sample('order.bad_quantity', 'The number of passengers must be between 1 and 50.')), 'Podaj poprawną liczbę pasażerów.'],
      [orderServerMessage(polish, sample('order.too_many_seats', 'One order can hold at most 50 seats.')), 'To zamówienie obejmuje zbyt wiele miejsc.'],
      [returnErrorMessage(polish, sample('return.too_late', 'Tickets can be returned until 10 minutes before departure.')), 'Na zwrot tego biletu jest już za późno.'],
      [changeErrorMessage(polish, sample('change.too_late', 'A course can be changed until 15 minutes before departure.')), 'Na zmianę kursu tego biletu jest już za późno.'],
      [serverMessage(polish, sample('field.too_short', 'Password should contain at least 8 characters.')), 'Ten tekst jest za krótki.'],
      [serverMessage(polish, sample('field.too_long', 'First name should contain at most 100 characters.')), 'Ten tekst jest za długi.'],
      [serverMessage(polish, sample('field.out_of_range', 'end must be from 1 to 9')), 'Ta wartość jest poza dozwolonym zakresem.'],
      [
        serverMessage(polish, sample('seats.not_enough', 'Only 3 seats are left on this course.')),
        'W tym kursie nie ma już tylu wolnych miejsc. Wybierz mniej miejsc lub inny kurs.',
      ],
    ];
    expect(bare.map(([shown]) => shown)).toEqual(bare.map(([, expected]) => expected));
    for (const [shown] of bare) expect(shown).not.toMatch(/\d|\s\s|\s[.,]/);
  });

  it('say one code differently where the field calls for it', () => {
    expect(searchServerMessage(polish, sample('field.blank', 'start is required', 'start'))).toBe('Wybierz przystanek początkowy.');
    expect(searchServerMessage(polish, sample('field.blank', 'dateBack is required', 'dateBack'))).toBe('Wybierz datę powrotu.');
    expect(orderServerMessage(polish, sample('field.blank', 'Please choose a country.', 'invoice.country'))).toBe('Wybierz kraj.');
    expect(changeErrorMessage(polish, sample('field.blank', 'Please choose a course.', 'course_id'))).toBe('Wybierz nowy kurs.');
    expect(changeErrorMessage(polish, sample('field.blank', 'Please enter the ticket number.', 'number'))).toBe('Podaj numer biletu.');
    expect(complaintErrorMessage(polish, sample('field.invalid', 'content is not base64', 'attachments[2].content'))).toBe('Nie udało się odczytać pliku.');
    // A field the screen has no words of its own for: the code's own sentence.
    expect(searchServerMessage(polish, sample('field.invalid_choice', 'x is one of a, b', 'x'))).toBe('Wybierz jedną z dostępnych wartości.');
  });

  it('translate the placement’s refusals by their codes, and nothing by its text alone', () => {
    expect(orderServerMessage(polish, sample('order.incomplete', 'The order is not complete.'))).toBe(
      'Zamówienie jest niekompletne. Popraw zaznaczone pola.',
    );
    expect(serverMessage(polish, sample('conflict.course_busy', 'the course is very busy right now; please try again'))).toBe(
      'Ten kurs ma teraz bardzo dużo rezerwacji. Spróbuj ponownie.',
    );
    expect(orderServerMessage(polish, sample('discount.not_available', 'This discount is not available.', 'tickets.0.discount_id'))).toBe(
      'Ta zniżka jest niedostępna. Wybierz inną.',
    );
    // The same sentences with only their kind's default code are not read.
    expect(serverMessage(polish, sample('conflict', 'the course is very busy right now; please try again'))).toBe(UNTRANSLATED);
    expect(serverMessage(polish, sample('conflict', 'There are no seats left on this course.'))).toBe(UNTRANSLATED);
    expect(serverMessage(polish, { message: 'Incorrect e-mail or password.' })).toBe(UNTRANSLATED);
  });

  it('show one nobody translated as a general sentence, with nothing English in it', () => {
    const message = 'The moon is in the wrong phase.';
    for (const [, translate] of SCREENS) {
      const shown = translate(polish, sample('moon.wrong_phase', message));
      expect(shown).toBe('Serwer nie mógł wykonać tej operacji. Sprawdź dane i spróbuj ponownie.');
      expect(shown).not.toContain('moon');
    }
    // A toast of a 422 that nobody translated, too.
    const toast = errorToast(new ApiError({ name: 'Unprocessable Entity', message, status: 422, code: 'moon.wrong_phase' }));
    expect(formatDisplayText(polish, toast.message)).not.toContain('moon');
    expect(formatDisplayText(polish, toast.title ?? '')).toBe('Niepoprawne dane');
  });
});

describe('the backend’s messages on the English page', () => {
  // Issue 29: the English page showed such a message as the server sent it (field names and all); it now
  // gets the general sentence in English, as the Polish page gets it in Polish.
  it('show one nobody translated as a general sentence, with nothing of the server’s text in it', () => {
    const message = 'The moon is in the wrong phase.';
    for (const [, translate] of SCREENS) {
      const shown = translate(english, sample('moon.wrong_phase', message));
      expect(shown).toBe('The server could not do this. Check the data and try again.');
      expect(shown).not.toContain('moon');
    }
    const toast = errorToast(new ApiError({ name: 'Unprocessable Entity', message, status: 422, code: 'moon.wrong_phase' }));
    expect(formatDisplayText(english, toast.message)).not.toContain('moon');
  });

  it('are in English', () => {
    expect(searchServerMessage(english, sample('date.in_past', 'date is in the past', 'date'))).toBe(
      'The departure date has passed. Please choose today or a later day.',
    );
    expect(changeErrorMessage(english, sample('change.pending', 'A change of this ticket waits for its payment.'))).toBe(
      'A move of this ticket to another departure is already waiting for its payment.',
    );
  });
});

describe('paying again', () => {
  it('tells the refusals apart by their status and code (command-api/src/booking/pay_again.rs)', () => {
    const refusal = (status: number, code: string, message: string) =>
      payAgainRefusal(new ApiError({ name: status === 404 ? 'Not Found' : 'Conflict', message, status, code }));
    expect(refusal(409, 'reservation.expired', 'The reservation has expired.')).toBe('expired');
    expect(refusal(409, 'order.not_pending', 'The order is not waiting for payment.')).toBe('not_pending');
    expect(refusal(404, 'order.not_found', 'There is no such order.')).toBe('not_found');
    expect(payAgainRefusal(new ApiError({ name: 'NetworkError', message: 'x', status: 0 }))).toBeNull();
  });
});
