// The two clocks of the payment page (docs/payments.md, 'What the payment page shows'): the few seconds
// until the redirect to
// the payment gateway (which can be stopped, WCAG 2.2.1) and the time the reservation still holds the
// seats. Both are shown as timers that screen readers do not read out every second; a polite status
// says at the start when the redirect happens, once a minute how long the reservation has left, and
// when the redirect starts or the reservation runs out.
//
// Back from the gateway (its "back" link or the browser's), the page does not count down again to
// send the customer straight back: it offers to pay or to cancel (utils/payment-redirect.ts remembers
// the visit; a page restored from the back-forward cache says so with `pageshow`).
import { useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';

import { Button } from '@/shared/ui/button';

import { useNow } from '../hooks/use-now';
import { rememberGatewayVisit, visitedGateway } from '../utils/payment-redirect';

const messages = defineMessages({
  goNow: { id: 'order.payment.goNow', defaultMessage: 'Przejdź do płatności teraz', description: 'Link to pay now' },
  stop: {
    id: 'order.payment.stop',
    defaultMessage: 'Zatrzymaj przekierowanie',
    description: 'Button that stops the automatic redirect to the payment',
  },
  stopped: {
    id: 'order.payment.stopped',
    defaultMessage: 'Przekierowanie zatrzymane. Przejdź do płatności, kiedy zechcesz.',
    description: 'Shown after the redirect was stopped',
  },
  redirecting: {
    id: 'order.payment.redirecting',
    defaultMessage: 'Przekierowuję do płatności…',
    description: 'Shown and announced when the redirect starts',
  },
  redirectAnnounce: {
    id: 'order.payment.redirectAnnounce',
    defaultMessage: 'Za chwilę nastąpi przekierowanie do płatności. Możesz je zatrzymać.',
    description: 'Announced once, just after the payment page opens',
  },
  pay: { id: 'order.payment.pay', defaultMessage: 'Zapłać', description: 'Link to the payment, after coming back from the gateway unpaid' },
  cancel: {
    id: 'order.payment.cancel',
    defaultMessage: 'Anuluj',
    description: 'Button after coming back from the gateway unpaid: cancel the reservation (its seats go back)',
  },
  returned: {
    id: 'order.payment.returned',
    defaultMessage: 'Płatność nie została dokończona. Możesz zapłacić teraz albo zrezygnować.',
    description: 'Shown on the payment page after coming back from the gateway without paying',
  },
  expired: {
    id: 'order.payment.expired',
    defaultMessage: 'Czas na płatność minął. Rezerwacja wygasła, a miejsca wróciły do sprzedaży.',
    description: 'Shown and announced when the reservation has expired',
  },
});

const valueMessages = defineMessages<{
  redirectIn: { seconds: number };
  reservation: { minutes: number };
  reservationAnnounce: { minutes: number };
}>({
  redirectIn: {
    id: 'order.payment.redirectIn',
    defaultMessage:
      '{seconds, plural, one {Przekierujemy Cię do płatności za # sekundę.} few {Przekierujemy Cię do płatności za # sekundy.} many {Przekierujemy Cię do płatności za # sekund.} other {Przekierujemy Cię do płatności za # sekundy.}}',
    description: 'Visible countdown to the redirect',
  },
  reservation: {
    id: 'order.payment.reservation',
    defaultMessage: 'Rezerwacja ważna jeszcze {minutes} min',
    description: 'Visible time left on the reservation in whole minutes (rounded up), e.g. "Rezerwacja ważna jeszcze 15 min"',
  },
  reservationAnnounce: {
    id: 'order.payment.reservationAnnounce',
    defaultMessage:
      '{minutes, plural, one {Rezerwacja wygaśnie za # minutę.} few {Rezerwacja wygaśnie za # minuty.} many {Rezerwacja wygaśnie za # minut.} other {Rezerwacja wygaśnie za # minuty.}}',
    description: 'Announced once a minute: minutes left on the reservation',
  },
});

interface PaymentCountdownProps {
  paymentUrl: string;
  /** When the reservation ends (RFC 3339). */
  expiresAt: string;
  /** Seconds until the automatic redirect. */
  redirectSeconds?: number;
  onRedirect: (url: string) => void;
  /** "Cancel" after coming back from the gateway unpaid. */
  onCancel: () => void;
}

/** Back from the gateway (a reload, or a page restored from the back-forward cache). */
function useBackFromGateway(paymentUrl: string): boolean {
  const [back, setBack] = useState(() => visitedGateway(paymentUrl));
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted && visitedGateway(paymentUrl)) setBack(true);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [paymentUrl]);
  return back;
}

export function PaymentCountdown({ paymentUrl, expiresAt, redirectSeconds = 5, onRedirect, onCancel }: PaymentCountdownProps) {
  const intl = useIntl();
  const back = useBackFromGateway(paymentUrl);
  const [startedAt] = useState(() => Date.now());
  const expiresMs = new Date(expiresAt).getTime();
  const [startMinutes] = useState(() => Math.ceil((expiresMs - Date.now()) / 60_000));
  const [stopped, setStopped] = useState(false);
  const now = useNow(1_000);

  const reservationLeft = Math.max(0, (expiresMs - now) / 1_000);
  const expired = reservationLeft <= 0;
  const minutesLeft = Math.ceil(reservationLeft / 60);
  const redirectLeft = Math.max(0, Math.ceil(redirectSeconds - (now - startedAt) / 1_000));
  const redirecting = !back && !stopped && !expired && redirectLeft === 0;

  const redirected = useRef(false);
  useEffect(() => {
    if (!redirecting || redirected.current) return;
    redirected.current = true;
    rememberGatewayVisit(paymentUrl);
    onRedirect(paymentUrl);
  }, [redirecting, paymentUrl, onRedirect]);

  // The polite status changes (and is read) only: a tick after the page opens (the redirect is
  // coming and can be stopped), at each whole minute of the reservation, at the redirect and at expiry.
  const announcement = expired
    ? intl.formatMessage(messages.expired)
    : redirecting
      ? intl.formatMessage(messages.redirecting)
      : minutesLeft < startMinutes
        ? intl.formatMessage(valueMessages.reservationAnnounce, { minutes: minutesLeft })
        : now > startedAt && !stopped && !back
          ? intl.formatMessage(messages.redirectAnnounce)
          : '';

  return (
    <div className="payment-countdown">
      {expired ? (
        <p className="order-alert">{intl.formatMessage(messages.expired)}</p>
      ) : (
        <>
          <p className="payment-countdown__reservation" role="timer">
            {intl.formatMessage(valueMessages.reservation, { minutes: minutesLeft })}
          </p>
          {back ? (
            <BackFromGateway paymentUrl={paymentUrl} onCancel={onCancel} />
          ) : (
            <>
              {stopped ? (
                <p>{intl.formatMessage(messages.stopped)}</p>
              ) : redirecting ? (
                <p>{intl.formatMessage(messages.redirecting)}</p>
              ) : (
                <p className="payment-countdown__redirect" role="timer">
                  {intl.formatMessage(valueMessages.redirectIn, { seconds: redirectLeft })}
                </p>
              )}
              <div className="payment-countdown__actions">
                <a className="button button--primary" href={paymentUrl} onClick={() => rememberGatewayVisit(paymentUrl)}>
                  {intl.formatMessage(messages.goNow)}
                </a>
                {!stopped && !redirecting ? (
                  <Button variant="secondary" onClick={() => setStopped(true)}>
                    {intl.formatMessage(messages.stop)}
                  </Button>
                ) : null}
              </div>
            </>
          )}
        </>
      )}
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </div>
  );
}

/** Back from the gateway unpaid: pay now, or not (no countdown to the gateway again). */
function BackFromGateway({ paymentUrl, onCancel }: { paymentUrl: string; onCancel: () => void }) {
  const intl = useIntl();
  return (
    <>
      <p>{intl.formatMessage(messages.returned)}</p>
      <div className="payment-countdown__actions">
        <a className="button button--primary" href={paymentUrl} onClick={() => rememberGatewayVisit(paymentUrl)}>
          {intl.formatMessage(messages.pay)}
        </a>
        <Button variant="secondary" onClick={onCancel}>
          {intl.formatMessage(messages.cancel)}
        </Button>
      </div>
    </>
  );
}
