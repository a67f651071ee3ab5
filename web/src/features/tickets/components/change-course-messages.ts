// The texts of "Zmień kurs" (change-course.tsx): its messages, and the few words that describe an
// option's price difference or why a ticket's course cannot be changed.
import { defineMessages, type IntlShape } from 'react-intl';

import type { Formatters } from '@/i18n/format';

import type { ChangeOptions } from '../api/get-change-options';

export const messages = defineMessages({
  title: { id: 'tickets.change.title', defaultMessage: 'Zmień kurs', description: 'Heading of the change of course' },
  loading: {
    id: 'tickets.change.loading',
    defaultMessage: 'Sprawdzamy, na jakie kursy można zmienić bilet…',
    description: 'Status while the change options load',
  },
  loadFailed: {
    id: 'tickets.change.loadFailed',
    defaultMessage: 'Nie udało się sprawdzić, czy kurs tego biletu można zmienić.',
    description: 'The change options could not be loaded',
  },
  retry: { id: 'tickets.change.retry', defaultMessage: 'Spróbuj ponownie', description: 'Button: load the options again' },
  start: {
    id: 'tickets.change.start',
    defaultMessage: 'Wybierz nowy kurs',
    description: 'Button that shows the courses the ticket can move to',
  },
  noOptions: {
    id: 'tickets.change.noOptions',
    defaultMessage: 'Nie ma teraz innych kursów tej linii z wolnymi miejscami między Twoimi przystankami.',
    description: 'No course to change to',
  },
  options: {
    id: 'tickets.change.options',
    defaultMessage: 'Kursy, na które możesz zmienić bilet',
    description: 'Legend of the list of courses to change to',
  },
  noDifference: { id: 'tickets.change.noDifference', defaultMessage: 'bez dopłaty', description: 'Option: same price' },
  next: { id: 'tickets.change.next', defaultMessage: 'Dalej', description: 'Button: go on to the confirmation' },
  cancel: { id: 'tickets.change.cancel', defaultMessage: 'Anuluj', description: 'Button: leave the change of course' },
  chooseFirst: {
    id: 'tickets.change.chooseFirst',
    defaultMessage: 'Wybierz kurs z listy.',
    description: 'Error: "next" without a chosen course',
  },
  current: { id: 'tickets.change.current', defaultMessage: 'Obecny kurs', description: 'Confirmation: the current course' },
  newCourse: { id: 'tickets.change.newCourse', defaultMessage: 'Nowy kurs', description: 'Confirmation: the new course' },
  difference: {
    id: 'tickets.change.difference',
    defaultMessage: 'Różnica w cenie',
    description: 'Confirmation: the price difference',
  },
  noDifferenceLong: {
    id: 'tickets.change.noDifferenceLong',
    defaultMessage: 'Bez dopłaty i bez zwrotu',
    description: 'Confirmation: the new course costs the same',
  },
  onceOnly: {
    id: 'tickets.change.onceOnly',
    defaultMessage: 'Po tej zmianie kursu biletu nie będzie można zmienić ponownie.',
    description: 'Confirmation: a ticket’s course can be changed once',
  },
  confirm: { id: 'tickets.change.confirm', defaultMessage: 'Tak, zmień kurs', description: 'Button: confirm the change' },
  back: { id: 'tickets.change.back', defaultMessage: 'Wróć do wyboru', description: 'Button: back to the list of courses' },
  changing: { id: 'tickets.change.changing', defaultMessage: 'Zmieniamy kurs…', description: 'Status while changing' },
  failed: {
    id: 'tickets.change.failed',
    defaultMessage: 'Nie udało się zmienić kursu. Spróbuj ponownie za chwilę.',
    description: 'The change failed without a reason from the server (network, server error)',
  },
  done: { id: 'tickets.change.done', defaultMessage: 'Kurs biletu został zmieniony.', description: 'Success heading' },
  reasonAlreadyChanged: {
    id: 'tickets.change.reason.alreadyChanged',
    defaultMessage: 'Kurs tego biletu został już zmieniony. Kurs biletu można zmienić tylko raz.',
    description: 'Why the course cannot be changed: it was changed before',
  },
  reasonReturned: {
    id: 'tickets.change.reason.returned',
    defaultMessage: 'Ten bilet został zwrócony, więc nie można zmienić jego kursu.',
    description: 'Why the course cannot be changed: the ticket was returned',
  },
  reasonNotPaid: {
    id: 'tickets.change.reason.notPaid',
    defaultMessage: 'Kurs można zmienić dopiero po opłaceniu zamówienia.',
    description: 'Why the course cannot be changed: the order is not paid',
  },
  reasonUsed: {
    id: 'tickets.change.reason.used',
    defaultMessage: 'Ten bilet został już wykorzystany.',
    description: 'Why the course cannot be changed: the ticket was used',
  },
  reasonPending: {
    id: 'tickets.change.reason.pending',
    defaultMessage: 'Zmiana kursu tego biletu czeka na dopłatę.',
    description: 'Why the course cannot be changed now: a change waits for its payment',
  },
  redirecting: {
    id: 'tickets.change.redirecting',
    defaultMessage: 'Przekierowuję do płatności…',
    description: 'Status: going to the gateway to pay the difference',
  },
  reasonOther: {
    id: 'tickets.change.reason.other',
    defaultMessage: 'Kursu tego biletu nie można zmienić.',
    description: 'Why the course cannot be changed: a reason the site does not know',
  },
});

export const valueMessages = defineMessages<{
  rules: { minutes: number };
  reasonTooLate: { minutes: number };
  course: { date: string; time: string; arrival: string };
  seats: { count: number };
  more: { count: number };
  refund: { amount: string };
  surcharge: { amount: string };
  refundLong: { amount: string };
  payLong: { amount: string };
  pending: { amount: string; until: string };
  payNow: { amount: string };
  payConfirm: { amount: string };
  question: { number: string };
  at: { date: string; time: string; stop: string };
  doneDeparture: { date: string; time: string };
  doneRefund: { amount: string };
}>({
  rules: {
    id: 'tickets.change.rules',
    defaultMessage:
      'Kurs biletu możesz zmienić tylko raz, najpóźniej {minutes} minut przed odjazdem, na inny kurs tej samej linii między tymi samymi przystankami. Jeśli nowy kurs jest tańszy, zwrócimy różnicę; jeśli droższy, dopłacisz ją online, a bilet zmieni kurs po zapłacie.',
    description: 'The rules of a change of course, shown before anything is chosen',
  },
  reasonTooLate: {
    id: 'tickets.change.reason.tooLate',
    defaultMessage: 'Kurs można zmienić najpóźniej {minutes} minut przed odjazdem. Na zmianę tego biletu jest już za późno.',
    description: 'Why the course cannot be changed: the cutoff before departure has passed',
  },
  course: {
    id: 'tickets.change.course',
    defaultMessage: '{date}, odjazd {time}, przyjazd {arrival}',
    description: 'One course to change to: its date, departure and arrival time',
  },
  seats: {
    id: 'tickets.change.seats',
    defaultMessage: '{count, plural, one {# wolne miejsce} few {# wolne miejsca} other {# wolnych miejsc}}',
    description: 'Free seats of a course to change to',
  },
  more: {
    id: 'tickets.change.more',
    defaultMessage: '{count, plural, one {Pokaż jeszcze # kurs} few {Pokaż jeszcze # kursy} other {Pokaż jeszcze # kursów}}',
    description: 'Button: show the later courses of the list',
  },
  refund: { id: 'tickets.change.refund', defaultMessage: 'zwrot {amount}', description: 'Option: cheaper by amount' },
  surcharge: {
    id: 'tickets.change.surcharge',
    defaultMessage: 'dopłata {amount}',
    description: 'Option: dearer by amount',
  },
  refundLong: {
    id: 'tickets.change.refundLong',
    defaultMessage: 'Zwrócimy Ci {amount}',
    description: 'Confirmation: the new course is cheaper by amount',
  },
  payLong: {
    id: 'tickets.change.payLong',
    defaultMessage: 'Dopłacisz {amount} online. Bilet zmieni kurs, gdy płatność dotrze; do tego czasu zostaje na obecnym kursie, a miejsce na nowym czeka na Ciebie.',
    description: 'Confirmation: the new course is dearer by amount, paid online first',
  },
  pending: {
    id: 'tickets.change.pending',
    defaultMessage: 'Zmiana kursu czeka na dopłatę {amount} do {until}. Bilet zmieni kurs po zapłacie; jeśli nie zapłacisz, zostanie na obecnym kursie.',
    description: 'A change to a dearer course waits for its payment',
  },
  payNow: {
    id: 'tickets.change.payNow',
    defaultMessage: 'Zapłać {amount}',
    description: 'Link: pay the difference of a change at the gateway',
  },
  payConfirm: {
    id: 'tickets.change.payConfirm',
    defaultMessage: 'Zmień kurs i zapłać {amount}',
    description: 'Button: confirm a dearer change and go to the payment',
  },
  question: {
    id: 'tickets.change.question',
    defaultMessage: 'Czy zmienić kurs biletu {number}?',
    description: 'Heading of the confirmation',
  },
  at: { id: 'tickets.change.at', defaultMessage: '{date}, {time} – {stop}', description: 'A course: date, time and stop' },
  doneDeparture: {
    id: 'tickets.change.doneDeparture',
    defaultMessage: 'Nowy odjazd: {date}, {time}.',
    description: 'Success: the new departure',
  },
  doneRefund: {
    id: 'tickets.change.doneRefund',
    defaultMessage: 'Różnicę w cenie, {amount}, zwrócimy tak jak zwrot biletu.',
    description: 'Success: the cheaper course’s difference is refunded',
  },
});

/** The option's price difference in a few words: "zwrot 3,00 zł", "dopłata 5,00 zł", "bez dopłaty". */
export function differenceLabel(intl: IntlShape, format: Formatters, difference: number): string {
  if (difference < 0) return intl.formatMessage(valueMessages.refund, { amount: format.money(-difference) });
  if (difference > 0) return intl.formatMessage(valueMessages.surcharge, { amount: format.money(difference) });
  return intl.formatMessage(messages.noDifference);
}

/** Why the ticket's course cannot be changed, in a sentence. */
export function reasonText(intl: IntlShape, options: ChangeOptions): string {
  switch (options.reason) {
    case 'already_changed':
      return intl.formatMessage(messages.reasonAlreadyChanged);
    case 'ticket_returned':
      return intl.formatMessage(messages.reasonReturned);
    case 'not_paid':
      return intl.formatMessage(messages.reasonNotPaid);
    case 'used':
      return intl.formatMessage(messages.reasonUsed);
    case 'too_late':
      return intl.formatMessage(valueMessages.reasonTooLate, { minutes: options.cutoff_minutes });
    case 'payment_pending':
      return intl.formatMessage(messages.reasonPending);
    default:
      return intl.formatMessage(messages.reasonOther);
  }
}
