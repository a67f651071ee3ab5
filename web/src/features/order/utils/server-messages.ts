// The backend's refusals carry a code (command-api/src/booking, docs/errors.md). The ones the order
// form, the coupon and paying again are known to get are shown in the page's language here, by code
// (and by field where one code reads differently per field); the rest go to the shared catalogue
// (@/shared/api/server-messages), which also decides what an untranslated one looks like (a general
// sentence, except on the English site).
import { defineMessages, type IntlShape } from 'react-intl';

import {
  type CodeTranslation,
  serverMessage as sharedServerMessage,
  type ServerText,
  translateCode,
  withNumbers,
} from '@/shared/api/server-messages';
import { formatDisplayText } from '@/shared/lib/display-text';

import { orderErrorMessages } from './order-validation';

const messages = defineMessages({
  courseCancelled: {
    id: 'order.server.courseCancelled',
    defaultMessage: 'Ten kurs został odwołany. Wybierz inny kurs.',
    description: 'Server: "The course was cancelled: it sells nothing." (issue 28)',
  },
  noSeats: {
    id: 'order.error.noSeats',
    defaultMessage: 'Brak wystarczającej liczby wolnych miejsc w wybranym kursie. Wybierz inny kurs.',
    description: 'Placing the order answered 409: the seats are gone',
  },
  required: { id: 'order.server.required', defaultMessage: 'To pole jest wymagane.', description: 'Server: "This field is required."' },
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
  passengersBare: {
    id: 'order.server.passengersBare',
    defaultMessage: 'Podaj poprawną liczbę pasażerów.',
    description: 'Server order.bad_quantity when the answer carries no maximum (params.max)',
  },
  seatsPerOrderBare: {
    id: 'order.server.seatsPerOrderBare',
    defaultMessage: 'To zamówienie obejmuje zbyt wiele miejsc.',
    description: 'Server order.too_many_seats when the answer carries no maximum (params.max)',
  },
  notPending: {
    id: 'order.server.notPending',
    defaultMessage: 'To zamówienie nie czeka już na płatność.',
    description: 'Server 409 when paying again: "The order is not waiting for payment."',
  },
});

const valueMessages = defineMessages<{ passengers: { max: number }; seatsPerOrder: { max: number } }>({
  passengers: {
    id: 'order.server.passengers',
    defaultMessage: 'Liczba pasażerów musi wynosić od 1 do {max}.',
    description: 'Server: "The number of passengers must be between 1 and N." (N from params.max)',
  },
  seatsPerOrder: {
    id: 'order.server.seatsPerOrder',
    defaultMessage: 'Jedno zamówienie może obejmować najwyżej {max, plural, one {# miejsce} few {# miejsca} many {# miejsc} other {# miejsca}}.',
    description: 'Server: "One order can hold at most N seats." (N from params.max)',
  },
});

/** `field.blank` says "choose a course" on the course fields and "choose a country" on the invoice's. */
const blank = (text: ServerText) => {
  const field = text.field ?? '';
  if (field === 'course' || field === 'courseReturn') return orderErrorMessages.selectTicket;
  if (field === 'invoice.country') return messages.country;
  return messages.required;
};

/** `coupon.*` codes other than the three a customer is told about: the coupon cannot be used. */
const COUPON_UNUSABLE = ['coupon.exists', 'coupon.bad_value', 'coupon.bad_amount', 'coupon.not_spent_by_order', 'coupon.not_due'];

const BY_CODE: Record<string, CodeTranslation> = {
  'order.no_tickets': orderErrorMessages.atLeastOneTicket,
  'field.blank': blank,
  'consent.terms_required': orderErrorMessages.consentStatute,
  'consent.data_required': orderErrorMessages.consentGdpr,
  'inventory.not_open': messages.notOnSale,
  'course.cancelled': messages.courseCancelled,
  'order.back_before_outbound': messages.backAfterOutbound,
  'coupon.not_found': messages.couponUnknown,
  'coupon.expired': messages.couponExpired,
  'coupon.used_up': messages.couponUsedUp,
  'coupon.empty_code': messages.couponEmpty,
  ...Object.fromEntries(COUPON_UNUSABLE.map((code) => [code, messages.couponUnusable])),
  'discount.not_available': messages.discountUnavailable,
  'order.incomplete': messages.incomplete,
  // A 422 of the form's own checks ("Please correct the marked fields.").
  validation: messages.correctFields,
  'reservation.took_too_long': messages.tookTooLong,
  'idempotency.key_reused': messages.keyReused,
  'order.not_found': messages.noOrder,
  'reservation.expired': messages.reservationExpired,
  'order.not_pending': messages.notPending,
  'order.bad_quantity': (text) => withNumbers(text, ['max'], valueMessages.passengers, messages.passengersBare),
  'order.too_many_seats': (text) => withNumbers(text, ['max'], valueMessages.seatsPerOrder, messages.seatsPerOrderBare),
};

/** A refusal of the order form, the coupon or paying again (the answer or one field), in the page's language. */
export function serverMessage(intl: IntlShape, text: ServerText): string {
  const known = translateCode(BY_CODE, text);
  return known ? formatDisplayText(intl, known) : sharedServerMessage(intl, text);
}

export const placeMessages = messages;
