// /order/after-payment?hash_id=…[&failed=1]: where the gateway sends the customer back. It asks for
// the order until the payment is confirmed (then shows the tickets at /order/success/{hash}), and
// explains the other outcomes: a failed or unfinished payment (with a way to pay again while the
// reservation holds), an expired reservation, a cancelled order.
//
// "Pay again" asks the server for a new gateway transaction (api/pay-again.ts) and goes to its page:
// the order's own payment link is the transaction the gateway may have rejected already.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';

import { useFormatters } from '@/i18n/format';
import { useLocale, useLocalizedPath } from '@/i18n/use-locale';
import { isApiError } from '@/shared/api/api-error';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { Button, ButtonLink } from '@/shared/ui/button';

import { orderQueryOptions, PAYMENT_POLL_LIMIT, useOrder } from '../api/get-order';
import { payAgainRefusal, usePayAgain } from '../api/pay-again';
import { useBookingStore } from '../stores/booking-store';
import { paymentRedirect } from '../utils/payment-redirect';

import './order.css';

const messages = defineMessages({
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
  search: { id: 'order.afterPayment.search', defaultMessage: 'Wyszukaj połączenie', description: 'Link to the search' },
});

const valueMessages = defineMessages<{ validUntil: { time: string }; orderNumber: { number: string } }>({
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

export function AfterPaymentPage() {
  const intl = useIntl();
  const format = useFormatters();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  usePageTitle(intl.formatMessage(messages.title));
  const [params] = useSearchParams();
  const hashId = params.get('hash_id');
  const failed = params.get('failed') === '1';
  const order = useOrder(hashId, { poll: true });
  const resetBooking = useBookingStore((state) => state.reset);
  const queryClient = useQueryClient();
  const locale = useLocale();
  const payAgain = usePayAgain();
  const refusal = payAgainRefusal(payAgain.error);

  const status = order.data?.status;
  const done = status === 'paid' || status === 'returned';
  useEffect(() => {
    if (!done || !hashId) return;
    // The order is complete: the form starts empty next time.
    resetBooking();
    void navigate(localized(`/order/success/${encodeURIComponent(hashId)}`), { replace: true });
  }, [done, hashId, navigate, localized, resetBooking]);

  const searchLink = <ButtonLink to={localized('/')}>{intl.formatMessage(messages.search)}</ButtonLink>;

  function startPayment() {
    if (!hashId) return;
    payAgain.mutate(
      { hashId, locale },
      {
        // Leaves the site: the button stays disabled until the gateway's page replaces this one.
        onSuccess: (answer) => paymentRedirect.go(answer.payment_url),
        // Paid or cancelled meanwhile: the order's status says which (paid goes to the tickets).
        onError: (failure) => {
          if (payAgainRefusal(failure) === 'not_pending') void order.refetch();
        },
      },
    );
  }

  function page(heading: string, body: ReactNode) {
    return (
      <section className="order-page order-outcome" aria-labelledby="outcome-title">
        <h1 id="outcome-title">{heading}</h1>
        {body}
      </section>
    );
  }

  if (!hashId || (isApiError(order.error) && order.error.status === 404) || refusal === 'not_found') {
    return page(
      intl.formatMessage(messages.notFoundTitle),
      <>
        <p>{intl.formatMessage(messages.notFoundText)}</p>
        {searchLink}
      </>,
    );
  }

  if (order.isError) {
    return page(
      intl.formatMessage(messages.title),
      <>
        <p className="order-alert" role="alert">
          {intl.formatMessage(messages.failedLoad)}
        </p>
        <Button onClick={() => void order.refetch()}>{intl.formatMessage(messages.checkAgain)}</Button>
      </>,
    );
  }

  if (!order.data || done) {
    return page(
      intl.formatMessage(messages.title),
      <p role="status" className="order-outcome__checking">
        {intl.formatMessage(messages.checking)}
      </p>,
    );
  }

  const data = order.data;
  // The server said so when asked to pay again, even if the order's status has not caught up yet.
  if (data.status === 'expired' || refusal === 'expired') {
    return page(
      intl.formatMessage(messages.expiredTitle),
      <>
        <p role={refusal === 'expired' ? 'alert' : undefined}>{intl.formatMessage(messages.expiredText)}</p>
        {searchLink}
      </>,
    );
  }
  if (data.status !== 'pending_payment') {
    return page(intl.formatMessage(messages.cancelledTitle), searchLink);
  }

  // The readable number when the order has one; older orders are not shown by their long hash.
  const orderNumber = data.number ? <p>{intl.formatMessage(valueMessages.orderNumber, { number: data.number })}</p> : null;
  const starting = payAgain.isPending || payAgain.isSuccess;
  const payAgainBlock = data.payment_url ? (
    <>
      {refusal === 'not_pending' ? (
        <p className="order-alert" role="alert">
          {intl.formatMessage(messages.notPending)}
        </p>
      ) : null}
      {payAgain.isError && !refusal ? (
        <p className="order-alert" role="alert">
          {intl.formatMessage(messages.payAgainFailed)}
        </p>
      ) : null}
      <Button onClick={startPayment} disabled={starting} aria-busy={payAgain.isPending}>
        {intl.formatMessage(messages.payAgain)}
      </Button>
      {starting ? <p role="status">{intl.formatMessage(messages.payAgainStarting)}</p> : null}
    </>
  ) : null;
  const validUntil = intl.formatMessage(valueMessages.validUntil, { time: format.time(data.expires_at) });

  if (failed) {
    return page(
      intl.formatMessage(messages.failedTitle),
      <>
        {orderNumber}
        <p>{validUntil}</p>
        {payAgainBlock}
      </>,
    );
  }

  const answers = queryClient.getQueryState(orderQueryOptions(hashId).queryKey)?.dataUpdateCount ?? 0;
  const gaveUp = answers >= PAYMENT_POLL_LIMIT && !order.isFetching;
  return page(
    intl.formatMessage(messages.pendingTitle),
    <>
      {orderNumber}
      {gaveUp ? (
        <>
          <p>{intl.formatMessage(messages.stillPending)}</p>
          <Button variant="secondary" onClick={() => void order.refetch()}>
            {intl.formatMessage(messages.checkAgain)}
          </Button>
        </>
      ) : (
        <p role="status">{intl.formatMessage(messages.pendingText)}</p>
      )}
      <p>{intl.formatMessage(messages.notFinished)}</p>
      <p>{validUntil}</p>
      {payAgainBlock}
    </>,
  );
}
