// The backend's validation messages are English (command-api/src/booking). The ones the order form
// is known to get are shown in the page's language; any other is shown as sent.
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

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
});

const valueMessages = defineMessages<{ passengers: { max: string } }>({
  passengers: {
    id: 'order.server.passengers',
    defaultMessage: 'Liczba pasażerów musi wynosić od 1 do {max}.',
    description: 'Server: "The number of passengers must be between 1 and N."',
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
};

export function serverMessage(intl: IntlShape, message: string): string {
  const text = message.trim();
  const known = KNOWN[text];
  if (known) return intl.formatMessage(known);
  const passengers = /^The number of passengers must be between 1 and (\d+)\.$/.exec(text);
  if (passengers) return intl.formatMessage(valueMessages.passengers, { max: passengers[1] ?? '' });
  return message;
}

export const placeMessages = messages;
