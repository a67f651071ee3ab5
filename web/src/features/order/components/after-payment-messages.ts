// The texts of the page the gateway sends the customer back to, shared by the page and its parts.
import { defineMessages } from 'react-intl';

export const afterPaymentMessages = defineMessages({
  title: { id: 'order.afterPayment.title', defaultMessage: 'Status płatności', description: 'Page title after the gateway' },
  checking: {
    id: 'order.afterPayment.checking',
    defaultMessage: 'Sprawdzamy status płatności…',
    description: 'Status while the order is loaded',
  },
  pendingTitle: {
    id: 'order.afterPayment.pendingTitle',
    defaultMessage: 'Czekamy na potwierdzenie płatności',
    description: 'Heading while the payment is not confirmed yet',
  },
  pendingText: {
    id: 'order.afterPayment.pendingText',
    defaultMessage: 'Zwykle trwa to kilka sekund. Ta strona sama się odświeży.',
    description: 'Text while the payment is not confirmed yet',
  },
  stillPending: {
    id: 'order.afterPayment.stillPending',
    defaultMessage: 'Nadal nie mamy potwierdzenia płatności.',
    description: 'After polling gave up',
  },
  checkAgain: { id: 'order.afterPayment.checkAgain', defaultMessage: 'Sprawdź ponownie', description: 'Button: poll again' },
  notFinished: {
    id: 'order.afterPayment.notFinished',
    defaultMessage: 'Płatność nie została dokończona?',
    description: 'Lead-in to the pay again link while pending',
  },
  failedTitle: {
    id: 'order.afterPayment.failedTitle',
    defaultMessage: 'Płatność nie powiodła się',
    description: 'Heading when the gateway reported a failed payment',
  },
  payAgain: {
    id: 'order.afterPayment.payAgain',
    defaultMessage: 'Zapłać ponownie',
    description: 'Button: start a new payment of the reservation at the gateway',
  },
  cancelReservation: {
    id: 'order.afterPayment.cancelReservation',
    defaultMessage: 'Anuluj rezerwację',
    description: 'Button back from the gateway unpaid: give up the reservation (its seats go back, nothing is charged)',
  },
  payAgainStarting: {
    id: 'order.afterPayment.payAgainStarting',
    defaultMessage: 'Przygotowujemy nową płatność…',
    description: 'Status while the new payment is registered, before going to the gateway',
  },
  payAgainFailed: {
    id: 'order.afterPayment.payAgainFailed',
    defaultMessage: 'Nie udało się rozpocząć nowej płatności. Spróbuj ponownie za chwilę.',
    description: 'Paying again failed for a reason other than an expired or finished order (network, gateway down)',
  },
  notPending: {
    id: 'order.afterPayment.notPending',
    defaultMessage: 'To zamówienie nie czeka już na płatność. Sprawdzamy jego status…',
    description: 'Paying again was refused because the order is paid or cancelled meanwhile',
  },
  expiredTitle: {
    id: 'order.afterPayment.expiredTitle',
    defaultMessage: 'Rezerwacja wygasła',
    description: 'Heading when the reservation expired unpaid',
  },
  expiredText: {
    id: 'order.afterPayment.expiredText',
    defaultMessage: 'Czas na płatność minął, a miejsca wróciły do sprzedaży. Jeśli pieniądze zostały pobrane, zwrócimy je.',
    description: 'Text when the reservation expired unpaid',
  },
  cancelledTitle: {
    id: 'order.afterPayment.cancelledTitle',
    defaultMessage: 'Zamówienie zostało anulowane',
    description: 'Heading for a cancelled or abandoned order',
  },
  notFoundTitle: {
    id: 'order.afterPayment.notFoundTitle',
    defaultMessage: 'Nie znaleziono zamówienia',
    description: 'Heading when the order is unknown',
  },
  notFoundText: {
    id: 'order.afterPayment.notFoundText',
    defaultMessage: 'Sprawdź link z wiadomości e-mail albo wyszukaj połączenie ponownie.',
    description: 'Text when the order is unknown',
  },
  failedLoad: {
    id: 'order.afterPayment.failedLoad',
    defaultMessage: 'Nie udało się sprawdzić statusu zamówienia.',
    description: 'The order could not be loaded (not a 404)',
  },
  searchAgain: {
    id: 'order.afterPayment.searchAgain',
    defaultMessage: 'Wyszukaj to połączenie ponownie',
    description: 'Link to the results of the same search (stops and dates) after the reservation expired',
  },
  search: { id: 'order.afterPayment.search', defaultMessage: 'Wyszukaj połączenie', description: 'Link to the search' },
});

export const afterPaymentValues = defineMessages<{ validUntil: { time: string }; orderNumber: { number: string } }>({
  orderNumber: {
    id: 'order.afterPayment.orderNumber',
    defaultMessage: 'Zamówienie {number}',
    description: 'The order’s readable number, e.g. "Zamówienie NB-2026-000123"',
  },
  validUntil: {
    id: 'order.afterPayment.validUntil',
    defaultMessage: 'Rezerwacja jest ważna do {time}. Możesz spróbować zapłacić jeszcze raz.',
    description: 'How long a failed payment can be retried',
  },
});
