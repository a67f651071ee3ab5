// The page the gateway sends the customer back to, in parts: its frame, "pay again" with its refusals,
// and the order still waiting for its payment (failed at the gateway, or not confirmed yet).
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { Button } from '@/shared/ui/button';

import type { useCancelReservation } from '../api/cancel-reservation';
import { orderQueryOptions, PAYMENT_POLL_LIMIT, type Order, type useOrder } from '../api/get-order';
import { payAgainRefusal, type usePayAgain } from '../api/pay-again';

import { afterPaymentMessages as messages, afterPaymentValues as valueMessages } from './after-payment-messages';

/** The page's frame: a heading and what it says. */
export function Outcome({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="order-page order-outcome" aria-labelledby="outcome-title">
      <h1 id="outcome-title">{heading}</h1>
      {children}
    </section>
  );
}

interface PayAgainProps {
  payAgain: ReturnType<typeof usePayAgain>;
  onPay: () => void;
  /** The customer gives up the reservation (its seats go back): the payment page's cancel. */
  cancelling: ReturnType<typeof useCancelReservation>;
  onCancel: () => void;
}

/** "Pay again" or "cancel the reservation", why paying was refused (no longer waiting, or no answer), and the progress. */
function PayAgain({ payAgain, onPay, cancelling, onCancel }: PayAgainProps) {
  const intl = useIntl();
  const refusal = payAgainRefusal(payAgain.error);
  const starting = payAgain.isPending || payAgain.isSuccess;
  const busy = starting || cancelling.isPending || cancelling.isSuccess;
  return (
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
      <div className="order-outcome__actions">
        <Button onClick={onPay} disabled={busy} aria-busy={payAgain.isPending}>
          {intl.formatMessage(messages.payAgain)}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy} aria-busy={cancelling.isPending}>
          {intl.formatMessage(messages.cancelReservation)}
        </Button>
      </div>
      {starting ? <p role="status">{intl.formatMessage(messages.payAgainStarting)}</p> : null}
    </>
  );
}

interface WaitingProps extends PayAgainProps {
  order: Order;
  query: ReturnType<typeof useOrder>;
  hashId: string;
  /** The gateway said the payment failed. */
  failed: boolean;
}

/** An order still waiting for its payment: failed at the gateway, or not confirmed yet (asked again, up to a limit). */
export function WaitingForPayment({ order, query, hashId, failed, ...actions }: WaitingProps) {
  const intl = useIntl();
  const format = useFormatters();
  const queryClient = useQueryClient();
  // The readable number when the order has one; older orders are not shown by their long hash.
  const orderNumber = order.number ? <p>{intl.formatMessage(valueMessages.orderNumber, { number: order.number })}</p> : null;
  const payAgainBlock = order.payment_url ? <PayAgain {...actions} /> : null;
  const validUntil = <p>{intl.formatMessage(valueMessages.validUntil, { time: format.time(order.expires_at) })}</p>;

  if (failed) {
    return (
      <Outcome heading={intl.formatMessage(messages.failedTitle)}>
        {orderNumber}
        {validUntil}
        {payAgainBlock}
      </Outcome>
    );
  }

  const answers = queryClient.getQueryState(orderQueryOptions(hashId).queryKey)?.dataUpdateCount ?? 0;
  const gaveUp = answers >= PAYMENT_POLL_LIMIT && !query.isFetching;
  return (
    <Outcome heading={intl.formatMessage(messages.pendingTitle)}>
      {orderNumber}
      {gaveUp ? (
        <>
          <p>{intl.formatMessage(messages.stillPending)}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {intl.formatMessage(messages.checkAgain)}
          </Button>
        </>
      ) : (
        <p role="status">{intl.formatMessage(messages.pendingText)}</p>
      )}
      <p>{intl.formatMessage(messages.notFinished)}</p>
      {validUntil}
      {payAgainBlock}
    </Outcome>
  );
}
