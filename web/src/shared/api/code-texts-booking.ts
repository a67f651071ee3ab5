// The sentences the order form, the coupon, paying again and the search say for the server's codes where
// they word a code their own way (by screen, some by field). Which code takes which, on which screen and
// field, is the one table of codes, server-code-texts.ts; the order form's own checks say four of them too
// (features/order/utils/order-validation.ts).
import { defineMessages } from 'react-intl';

export const orderTexts = defineMessages({
  courseCancelled: {
    id: 'order.server.courseCancelled',
    defaultMessage: 'Ten kurs został odwołany. Wybierz inny kurs.',
    description: 'Server: "The course was cancelled: it sells nothing." (issue 28)',
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
  atLeastOneTicket: {
    id: 'order.error.atLeastOneTicket',
    defaultMessage: 'Zamówienie musi zawierać co najmniej jeden bilet.',
    description: 'Validation: no ticket in the order (server: "There should be at least one ticket in the order")',
  },
  selectTicket: {
    id: 'order.error.selectTicket',
    defaultMessage: 'Wybierz bilet.',
    description: 'Validation: a ticket line without passengers (server: "Please select a ticket.")',
  },
  consentStatute: {
    id: 'order.error.consentStatute',
    defaultMessage: 'Zaakceptuj regulamin, aby złożyć zamówienie.',
    description: 'Validation: terms not accepted',
  },
  consentGdpr: {
    id: 'order.error.consentGdpr',
    defaultMessage: 'Wyraź zgodę na przetwarzanie danych osobowych, aby złożyć zamówienie.',
    description: 'Validation: data processing consent not given',
  },
});

export const orderValueTexts = defineMessages<{ passengers: { max: number }; seatsPerOrder: { max: number } }>({
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

export const searchTexts = defineMessages({
  dateInPast: {
    id: 'search.server.dateInPast',
    defaultMessage: 'Data wyjazdu już minęła. Wybierz dzisiejszą lub późniejszą.',
    description: 'Server: "date is in the past"',
  },
  dateRequired: {
    id: 'search.server.dateRequired',
    defaultMessage: 'Wybierz datę wyjazdu.',
    description: 'Server: "date is required"',
  },
  dateInvalid: {
    id: 'search.server.dateInvalid',
    defaultMessage: 'Podaj poprawną datę wyjazdu.',
    description: 'Server: "date must be a date YYYY-MM-DD" / "date is out of range"',
  },
  dateBackRequired: {
    id: 'search.server.dateBackRequired',
    defaultMessage: 'Wybierz datę powrotu.',
    description: 'Server: "a return trip needs dateBack" / "dateBack is required"',
  },
  dateBackInvalid: {
    id: 'search.server.dateBackInvalid',
    defaultMessage: 'Podaj poprawną datę powrotu.',
    description: 'Server: "dateBack must be a date YYYY-MM-DD"',
  },
  dateBackBeforeDate: {
    id: 'search.server.dateBackBeforeDate',
    defaultMessage: 'Data powrotu nie może być wcześniejsza niż data wyjazdu.',
    description: 'Server: "dateBack must not be before date"',
  },
  sameStops: {
    id: 'search.server.sameStops',
    defaultMessage: 'Przystanek docelowy musi być inny niż początkowy.',
    description: 'Server: "the destination must differ from the start"',
  },
  startRequired: {
    id: 'search.server.startRequired',
    defaultMessage: 'Wybierz przystanek początkowy.',
    description: 'Server: "start is required"',
  },
  endRequired: {
    id: 'search.server.endRequired',
    defaultMessage: 'Wybierz przystanek docelowy.',
    description: 'Server: "end is required"',
  },
  unknownStop: {
    id: 'search.server.unknownStop',
    defaultMessage: 'Nie ma takiego przystanku. Wybierz go z listy.',
    description: 'Server: "no stop with id N" / "start must be a whole number" (a stop that does not exist)',
  },
  tripMode: {
    id: 'search.server.tripMode',
    defaultMessage: 'Wybierz podróż w jedną stronę albo tam i z powrotem.',
    description: 'Server: "tripMode is one_way or round_trip"',
  },
});
