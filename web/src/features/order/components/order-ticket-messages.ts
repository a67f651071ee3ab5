// The order form's texts, shared by the page, its parts and its submit hook.
import { defineMessages } from 'react-intl';

export const orderTicketMessages = defineMessages({
  title: {
    id: 'order.ticket.title',
    defaultMessage: 'Zamówienie biletów',
    description: 'Heading and page title of the order form',
  },
  trip: { id: 'order.ticket.trip', defaultMessage: 'Wybrane połączenie', description: 'Heading of the chosen courses' },
  changeTrip: {
    id: 'order.ticket.changeTrip',
    defaultMessage: 'Zmień połączenie',
    description: 'Link back to the search to choose other courses',
  },
  noCourse: {
    id: 'order.ticket.noCourse',
    defaultMessage: 'Nie wybrano jeszcze połączenia. Wyszukaj kurs, aby zamówić bilety.',
    description: 'The order form without a chosen course',
  },
  search: { id: 'order.ticket.search', defaultMessage: 'Wyszukaj połączenie', description: 'Link to the search' },
  pendingOrder: {
    id: 'order.ticket.pendingOrder',
    defaultMessage: 'Masz już zapisaną rezerwację, która czeka na płatność.',
    description: 'Notice when an order placed from this form waits for payment',
  },
  goToPayment: { id: 'order.ticket.goToPayment', defaultMessage: 'Przejdź do płatności', description: 'Link to the payment page' },
  summary: { id: 'order.ticket.summary', defaultMessage: 'Podsumowanie', description: 'Heading of the order totals' },
  ticketsTotal: { id: 'order.ticket.ticketsTotal', defaultMessage: 'Bilety', description: 'Totals: sum of the tickets' },
  coupon: { id: 'order.ticket.coupon', defaultMessage: 'Kupon', description: 'Totals: the coupon part' },
  toPay: { id: 'order.ticket.toPay', defaultMessage: 'Do zapłaty', description: 'Totals: what is left to pay' },
  submit: {
    id: 'order.ticket.submit',
    defaultMessage: 'Zamawiam z obowiązkiem zapłaty',
    description: 'The order button (wording required by Polish consumer law)',
  },
  submitting: {
    id: 'order.ticket.submitting',
    defaultMessage: 'Zapisuję rezerwację…',
    description: 'Status while the order is being placed',
  },
  paymentTime: {
    id: 'order.ticket.paymentTime',
    defaultMessage: 'Po złożeniu zamówienia masz 15 minut na opłacenie rezerwacji.',
    description: 'Note next to the order button',
  },
  retry: {
    id: 'order.ticket.retry',
    defaultMessage:
      'Nie udało się złożyć zamówienia, bo serwer nie odpowiedział. Spróbuj ponownie – zamówienie nie zostanie zapisane dwa razy.',
    description: 'Placing failed without an answer (network or server error)',
  },
});
