// The paid order's page's texts, shared by the page and its parts.
import { defineMessages } from 'react-intl';

export const successMessages = defineMessages({
  title: {
    id: 'order.success.title',
    defaultMessage: 'Dziękujemy! Zamówienie opłacone',
    description: 'Heading and page title of a paid order',
  },
  loading: { id: 'order.success.loading', defaultMessage: 'Wczytuję zamówienie…', description: 'Status while loading' },
  notFound: {
    id: 'order.success.notFound',
    defaultMessage: 'Nie znaleziono zamówienia',
    description: 'Heading when the order is unknown',
  },
  failed: {
    id: 'order.success.failed',
    defaultMessage: 'Nie udało się wczytać zamówienia. Spróbuj ponownie za chwilę.',
    description: 'The order could not be loaded',
  },
  notPaid: {
    id: 'order.success.notPaid',
    defaultMessage: 'To zamówienie nie zostało jeszcze opłacone.',
    description: 'The success page of an order that is not paid',
  },
  checkPayment: {
    id: 'order.success.checkPayment',
    defaultMessage: 'Sprawdź status płatności',
    description: 'Link to the after-payment page',
  },
  trip: { id: 'order.success.trip', defaultMessage: 'Przejazd', description: 'Heading of the legs' },
  tickets: { id: 'order.success.tickets', defaultMessage: 'Bilety', description: 'Heading of the tickets' },
  ticketsHint: {
    id: 'order.success.ticketsHint',
    defaultMessage: 'Pokaż kierowcy kod QR lub podaj numer i kod biletu.',
    description: 'How to use the tickets',
  },
  outbound: { id: 'order.success.outbound', defaultMessage: 'Tam', description: 'Ticket leg: outbound' },
  back: { id: 'order.success.back', defaultMessage: 'Powrót', description: 'Ticket leg: return' },
  valid: { id: 'order.success.valid', defaultMessage: 'Ważny', description: 'Ticket status: valid' },
  returned: { id: 'order.success.returned', defaultMessage: 'Zwrócony', description: 'Ticket status: returned' },
  used: { id: 'order.success.used', defaultMessage: 'Wykorzystany', description: 'Ticket status: used' },
  number: { id: 'order.success.number', defaultMessage: 'Numer', description: 'Ticket field: number' },
  code: { id: 'order.success.code', defaultMessage: 'Kod', description: 'Ticket field: code' },
  leg: { id: 'order.success.leg', defaultMessage: 'Kurs', description: 'Ticket field: which leg' },
  price: { id: 'order.success.price', defaultMessage: 'Cena', description: 'Ticket field: price' },
  status: { id: 'order.success.status', defaultMessage: 'Status', description: 'Ticket field: status' },
  departure: { id: 'order.success.departure', defaultMessage: 'Odjazd', description: 'Ticket field: its course\'s departure' },
  movedLine: { id: 'order.success.movedLine', defaultMessage: 'Linia', description: 'Ticket field: the line of the course a ticket was moved to (maybe another line serving the same stops)' },
  discount: { id: 'order.success.discount', defaultMessage: 'Ulga', description: 'Ticket field: its statutory discount' },
  passenger: { id: 'order.success.passenger', defaultMessage: 'Pasażer', description: 'Ticket field: the passenger named on it' },
  amounts: { id: 'order.success.amounts', defaultMessage: 'Płatność', description: 'Heading of the amounts' },
  total: { id: 'order.success.total', defaultMessage: 'Wartość biletów', description: 'Amounts: total' },
  coupon: { id: 'order.success.coupon', defaultMessage: 'Kupon', description: 'Amounts: coupon part' },
  paid: { id: 'order.success.paid', defaultMessage: 'Zapłacono', description: 'Amounts: paid' },
  invoice: { id: 'order.success.invoice', defaultMessage: 'Faktura', description: 'Heading of the invoice data' },
  invoiceText: {
    id: 'order.success.invoiceText',
    defaultMessage: 'Fakturę wystawimy na dane podane w zamówieniu i wyślemy e-mailem.',
    description: 'Invoice note',
  },
  print: { id: 'order.success.print', defaultMessage: 'Drukuj bilety', description: 'Button: print the tickets' },
  myTickets: { id: 'order.success.myTickets', defaultMessage: 'Moje bilety', description: 'Link to the user tickets' },
  searchAgain: {
    id: 'order.success.searchAgain',
    defaultMessage: 'Wyszukaj kolejne połączenie',
    description: 'Link to the search',
  },
  returnedTitle: {
    id: 'order.success.returnedTitle',
    defaultMessage: 'Bilety zwrócone',
    description: 'Heading and page title of an order whose every ticket was returned',
  },
  orderTitle: {
    id: 'order.success.orderTitle',
    defaultMessage: 'Twoje zamówienie',
    description: 'Heading and page title while the order loads or could not be read (its state is not known yet)',
  },
  cancelledTitle: {
    id: 'order.success.cancelledTitle',
    defaultMessage: 'Kurs odwołany',
    description: 'Heading and page title of an order whose every ticket is returned or on a course the carrier cancelled',
  },
});

export const successValues = defineMessages<{
  intro: { number: string; email: string };
  ticket: { number: string };
  couponCode: { code: string };
  vat: { vat: string };
  place: { postalCode: string; city: string };
  movedCourse: { departure: string };
  discountValue: { discount: string };
  introReturned: { number: string };
  introCancelled: { number: string };
  refunded: { amount: string };
  refundedToCoupon: { coupon: string };
  refundedBoth: { amount: string; coupon: string };
}>({
  introReturned: {
    id: 'order.success.introReturned',
    defaultMessage: 'Wszystkie bilety zamówienia {number} zostały zwrócone.',
    description: 'Text under the heading when every ticket of the order was returned',
  },
  introCancelled: {
    id: 'order.success.introCancelled',
    defaultMessage: 'Przewoźnik odwołał kurs zamówienia {number}. Szczegóły są przy biletach poniżej.',
    description: 'Text under the heading when the carrier cancelled the course of every ticket still valid',
  },
  refunded: { id: 'order.success.refunded', defaultMessage: 'Zwrócono {amount}', description: 'Amounts: money paid back so far (returns, a cancellation, compensation)' },
  refundedToCoupon: {
    id: 'order.success.refundedToCoupon',
    defaultMessage: 'Zwrócono {coupon} na kupon',
    description: 'Amounts: the part paid back to the coupon it was paid with (no money paid back)',
  },
  refundedBoth: {
    id: 'order.success.refundedBoth',
    defaultMessage: 'Zwrócono {amount} oraz {coupon} na kupon',
    description: 'Amounts: money paid back so far, and the part paid back to the coupon',
  },
  movedCourse: {
    id: 'order.success.movedCourse',
    defaultMessage: '{departure} (bilet przeniesiony na ten kurs)',
    description: 'A moved ticket\'s departure: it was moved to this course',
  },
  discountValue: {
    id: 'order.success.discountValue',
    defaultMessage: '{discount} – okaż kierowcy dokument uprawniający do ulgi',
    description: 'A discounted ticket: the discount and that the passenger shows their document',
  },
  place: { id: 'order.success.place', defaultMessage: '{postalCode} {city}', description: 'Invoice: postal code and city' },
  intro: {
    id: 'order.success.intro',
    defaultMessage: 'Zamówienie {number} jest opłacone. Bilety wysłaliśmy na adres {email}.',
    description: 'Confirmation text with the order number and e-mail',
  },
  ticket: { id: 'order.success.ticket', defaultMessage: 'Bilet {number}', description: 'Heading of one ticket' },
  couponCode: { id: 'order.success.couponCode', defaultMessage: 'Kupon {code}', description: 'Amounts: coupon label' },
  vat: { id: 'order.success.vat', defaultMessage: 'NIP / numer VAT: {vat}', description: 'Invoice: tax number' },
});
