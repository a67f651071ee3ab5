// The backend's validation messages are English (command-api/src/booking). The ones the order form,
// the coupon and paying again are known to get are shown in the page's language here; the rest go to
// the shared catalogue (@/shared/api/server-messages), which also decides what an untranslated one
// looks like (a general sentence, except on the English site).
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

import { serverMessage as sharedServerMessage } from '@/shared/api/server-messages';

import { orderErrorMessages } from './order-validation';

const messages = defineMessages({
  noSeats: {
    id: 'order.error.noSeats',
    defaultMessage: 'Brak wystarczającej liczby wolnych miejsc w wybranym kursie. Wybierz inny kurs.',
    description: 'Placing the order answered 409: the seats are gone',
  },
  required: { id: 'order.server.required', defaultMessage: 'To pole jest wymagane.', description: 'Server: "This field is required."' },
  phone: {
    id: 'order.server.phone',
    defaultMessage: 'Podaj poprawny numer telefonu.',
    description: 'Server: "Please enter a valid phone number."',
  },
  country: { id: 'order.server.country', defaultMessage: 'Wybierz kraj.', description: 'Server: "Please choose a country."' },
  notOnSale: {
    id: 'order.server.notOnSale',
    defaultMessage: 'Ten kurs nie jest już w sprzedaży. Wybierz inny.',
    description: 'Server: "This course is not on sale."',
  },
  backAfterOutbound: {
    id: 'order.server.backAfterOutbound',
    defaultMessage: 'Kurs powrotny musi odjeżdżać po przyjeździe kursu tam.',
    description: 'Server: "The return trip must leave after the outbound trip arrives."',
  },
  couponUnknown: {
    id: 'order.server.couponUnknown',
    defaultMessage: 'Nie ma takiego kuponu.',
    description: 'Server: "This coupon code does not exist."',
  },
  couponExpired: { id: 'order.server.couponExpired', defaultMessage: 'Ten kupon wygasł.', description: 'Server: "This coupon has expired."' },
  couponUsedUp: {
    id: 'order.server.couponUsedUp',
    defaultMessage: 'Ten kupon został już wykorzystany.',
    description: 'Server: "This coupon has been used up."',
  },
  couponEmpty: { id: 'order.server.couponEmpty', defaultMessage: 'Wpisz kod kuponu.', description: 'Server: "Please enter a coupon code."' },
  couponUnusable: {
    id: 'order.server.couponUnusable',
    defaultMessage: 'Tego kuponu nie można użyć.',
    description: 'Server: "This coupon cannot be used."',
  },
  discountUnavailable: {
    id: 'order.server.discountUnavailable',
    defaultMessage: 'Ta zniżka jest niedostępna. Wybierz inną.',
    description: 'Server: "This discount is not available." / "A discount is not available."',
  },
  incomplete: {
    id: 'order.server.incomplete',
    defaultMessage: 'Zamówienie jest niekompletne. Popraw zaznaczone pola.',
    description: 'Server: "The order is not complete."',
  },
  correctFields: {
    id: 'order.server.correctFields',
    defaultMessage: 'Popraw zaznaczone pola.',
    description: 'Server: "Please correct the marked fields."',
  },
  tookTooLong: {
    id: 'order.server.tookTooLong',
    defaultMessage: 'Rezerwacja trwała zbyt długo i została anulowana. Złóż zamówienie ponownie.',
    description: 'Server 409: "The reservation took too long and was cancelled; please order again."',
  },
  keyReused: {
    id: 'order.server.keyReused',
    defaultMessage: 'Zamówienie zmieniło się w trakcie wysyłania. Wyślij je jeszcze raz.',
    description: 'Server: "This Idempotency-Key was already used for a different request." (a retry with other data)',
  },
  noOrder: {
    id: 'order.server.noOrder',
    defaultMessage: 'Nie ma takiego zamówienia.',
    description: 'Server 404: "There is no such order."',
  },
  reservationExpired: {
    id: 'order.server.reservationExpired',
    defaultMessage: 'Rezerwacja wygasła.',
    description: 'Server 409 when paying again: "The reservation has expired."',
  },
  notPending: {
    id: 'order.server.notPending',
    defaultMessage: 'To zamówienie nie czeka już na płatność.',
    description: 'Server 409 when paying again: "The order is not waiting for payment."',
  },
});

const valueMessages = defineMessages<{ passengers: { max: string }; seatsPerOrder: { max: string } }>({
  passengers: {
    id: 'order.server.passengers',
    defaultMessage: 'Liczba pasażerów musi wynosić od 1 do {max}.',
    description: 'Server: "The number of passengers must be between 1 and N."',
  },
  seatsPerOrder: {
    id: 'order.server.seatsPerOrder',
    defaultMessage: 'Jedno zamówienie może obejmować najwyżej {max} miejsc.',
    description: 'Server: "One order can hold at most N seats."',
  },
});

const KNOWN: Record<string, MessageDescriptor> = {
  'There should be at least one ticket in the order': orderErrorMessages.atLeastOneTicket,
  'Please select a ticket.': orderErrorMessages.selectTicket,
  'This field is required.': messages.required,
  'Please enter a valid e-mail address.': orderErrorMessages.emailInvalid,
  'Please enter a valid phone number.': messages.phone,
  'You must accept the terms and conditions.': orderErrorMessages.consentStatute,
  'You must consent to the processing of your data.': orderErrorMessages.consentGdpr,
  'Please enter a valid NIP (10 digits).': orderErrorMessages.vatNumberInvalid,
  'Please enter a postal code like 37-400.': orderErrorMessages.postalCodeInvalid,
  'Please choose a country.': messages.country,
  'This course is not on sale.': messages.notOnSale,
  'The return trip must leave after the outbound trip arrives.': messages.backAfterOutbound,
  'This coupon code does not exist.': messages.couponUnknown,
  'This coupon has expired.': messages.couponExpired,
  'This coupon has been used up.': messages.couponUsedUp,
  'This coupon cannot be used.': messages.couponUnusable,
  'Please enter a coupon code.': messages.couponEmpty,
  'This discount is not available.': messages.discountUnavailable,
  'A discount is not available.': messages.discountUnavailable,
  // The mock backend's wording of the same refusal.
  'This discount cannot be used.': messages.discountUnavailable,
  'The order is not complete.': messages.incomplete,
  'Please correct the marked fields.': messages.correctFields,
  'The reservation took too long and was cancelled; please order again.': messages.tookTooLong,
  'This Idempotency-Key was already used for a different request.': messages.keyReused,
  'This key was used for a different request.': messages.keyReused,
  'There is no such order.': messages.noOrder,
  'The reservation has expired.': messages.reservationExpired,
  'The order is not waiting for payment.': messages.notPending,
};

/** A server message of the order form, the coupon or paying again, in the page's language. */
export function serverMessage(intl: IntlShape, message: string): string {
  const text = message.trim();
  const known = KNOWN[text];
  if (known) return intl.formatMessage(known);
  const passengers = /^The number of passengers must be between 1 and (\d+)\.$/.exec(text);
  if (passengers) return intl.formatMessage(valueMessages.passengers, { max: passengers[1] ?? '' });
  const seats = /^One order can hold at most (\d+) seats\.$/.exec(text);
  if (seats) return intl.formatMessage(valueMessages.seatsPerOrder, { max: seats[1] ?? '' });
  return sharedServerMessage(intl, text);
}

export const placeMessages = messages;
