// /order/after-payment?hash_id=…[&failed=1]: where the gateway sends the customer back. It asks for
// the order until the payment is confirmed (then shows the tickets at /order/success/{hash}), and
// explains the other outcomes: a failed or unfinished payment (with a way to pay again while the
// reservation holds), an expired reservation, a cancelled order.
//
// "Pay again" asks the server for a new gateway transaction (api/pay-again.ts) and goes to its page:
// the order's own payment link is the transaction the gateway may have rejected already.
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';

import { useLocale, useLocalizedPath } from '@/i18n/use-locale';
import { isApiError } from '@/shared/api/api-error';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { Button, ButtonLink } from '@/shared/ui/button';

import { useCancelReservation } from '../api/cancel-reservation';
import { useOrder } from '../api/get-order';
import { payAgainRefusal, usePayAgain } from '../api/pay-again';
import { useBookingStore } from '../stores/booking-store';
import { paymentRedirect } from '../utils/payment-redirect';
import { searchAgainPathOfLegs } from '../utils/search-again';

import { afterPaymentMessages as messages } from './after-payment-messages';
import { Outcome, WaitingForPayment } from './after-payment-parts';
import { cancelledMessages } from './reservation-messages';
import './order.css';

/** A paid order goes on to its tickets, and the order form starts empty next time. */
function useTicketsOncePaid(hashId: string | null, done: boolean) {
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const resetBooking = useBookingStore((state) => state.reset);
  useEffect(() => {
    if (!done || !hashId) return;
    resetBooking();
    void navigate(localized(`/order/success/${encodeURIComponent(hashId)}`), { replace: true });
  }, [done, hashId, navigate, localized, resetBooking]);
}

export function AfterPaymentPage() {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const locale = useLocale();
  usePageTitle(intl.formatMessage(messages.title));
  const [params] = useSearchParams();
  const hashId = params.get('hash_id');
  const order = useOrder(hashId, { poll: true });
  const payAgain = usePayAgain();
  const cancelling = useCancelReservation();
  const refusal = payAgainRefusal(payAgain.error);
  const done = order.data?.status === 'paid' || order.data?.status === 'returned';
  useTicketsOncePaid(hashId, done);

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

  function cancel() {
    if (!hashId) return;
    // The answer comes once the order reads cancelled (every query is read again); a refusal means it
    // was paid or ended meanwhile, which its status says.
    cancelling.mutate(hashId, { onError: () => void order.refetch() });
  }

  if (!hashId || (isApiError(order.error) && order.error.status === 404) || refusal === 'not_found') {
    return (
      <Outcome heading={intl.formatMessage(messages.notFoundTitle)}>
        <p>{intl.formatMessage(messages.notFoundText)}</p>
        {searchLink}
      </Outcome>
    );
  }
  if (order.isError) {
    return (
      <Outcome heading={intl.formatMessage(messages.title)}>
        <p className="order-alert" role="alert">
          {intl.formatMessage(messages.failedLoad)}
        </p>
        <Button onClick={() => void order.refetch()}>{intl.formatMessage(messages.checkAgain)}</Button>
      </Outcome>
    );
  }
  if (!order.data || done) {
    return (
      <Outcome heading={intl.formatMessage(messages.title)}>
        <p role="status" className="order-outcome__checking">
          {intl.formatMessage(messages.checking)}
        </p>
      </Outcome>
    );
  }
  // The same connection again: the results of the search for its stops and days.
  const searchAgainLink = (
    <ButtonLink to={localized(searchAgainPathOfLegs(order.data.outbound, order.data.back))}>
      {intl.formatMessage(messages.searchAgain)}
    </ButtonLink>
  );
  // The server said so when asked to pay again, even if the order's status has not caught up yet.
  if (order.data.status === 'expired' || refusal === 'expired') {
    return (
      <Outcome heading={intl.formatMessage(messages.expiredTitle)}>
        <p role={refusal === 'expired' ? 'alert' : undefined}>{intl.formatMessage(messages.expiredText)}</p>
        {searchAgainLink}
      </Outcome>
    );
  }
  // A reservation given up before it was paid (here, on the payment page, or by the office).
  if (order.data.status === 'cancelled' && !order.data.paid_at) {
    return (
      <Outcome heading={intl.formatMessage(cancelledMessages.title)}>
        <p role="status">{intl.formatMessage(cancelledMessages.text)}</p>
        {searchAgainLink}
      </Outcome>
    );
  }
  if (order.data.status !== 'pending_payment') return <Outcome heading={intl.formatMessage(messages.cancelledTitle)}>{searchLink}</Outcome>;
  return (
    <WaitingForPayment
      order={order.data}
      query={order}
      hashId={hashId}
      failed={params.get('failed') === '1'}
      payAgain={payAgain}
      onPay={startPayment}
      cancelling={cancelling}
      onCancel={cancel}
    />
  );
}
