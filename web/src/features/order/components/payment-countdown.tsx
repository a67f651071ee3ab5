// The two clocks of the payment page (DECISIONS.md "Payment"): the few seconds until the redirect to
// the payment gateway (which can be stopped, WCAG 2.2.1) and the time the reservation still holds the
// seats. Both are shown as timers that screen readers do not read out every second; a polite status
// says at the start when the redirect happens, once a minute how long the reservation has left, and
// when the redirect starts or the reservation runs out.
import { useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';

import { Button } from '@/shared/ui/button';

import { useNow } from '../hooks/use-now';
import { clock } from '../utils/clock';

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
  expired: {
    id: 'order.payment.expired',
    defaultMessage: 'Czas na płatność minął. Rezerwacja wygasła, a miejsca wróciły do sprzedaży.',
    description: 'Shown and announced when the reservation has expired',
  },
});

const valueMessages = defineMessages<{
  redirectIn: { seconds: number };
  reservation: { time: string };
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
    defaultMessage: 'Rezerwacja ważna jeszcze {time}',
    description: 'Visible time left on the reservation, e.g. "14:32"',
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
}

export function PaymentCountdown({ paymentUrl, expiresAt, redirectSeconds = 5, onRedirect }: PaymentCountdownProps) {
  const intl = useIntl();
  const [startedAt] = useState(() => Date.now());
  const expiresMs = new Date(expiresAt).getTime();
  const [startMinutes] = useState(() => Math.ceil((expiresMs - Date.now()) / 60_000));
  const [stopped, setStopped] = useState(false);
  const now = useNow(1_000);

  const reservationLeft = Math.max(0, (expiresMs - now) / 1_000);
  const expired = reservationLeft <= 0;
  const minutesLeft = Math.ceil(reservationLeft / 60);
  const redirectLeft = Math.max(0, Math.ceil(redirectSeconds - (now - startedAt) / 1_000));
  const redirecting = !stopped && !expired && redirectLeft === 0;

  const redirected = useRef(false);
  useEffect(() => {
    if (!redirecting || redirected.current) return;
    redirected.current = true;
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
        : now > startedAt && !stopped
          ? intl.formatMessage(messages.redirectAnnounce)
          : '';

  return (
    <div className="payment-countdown">
      {expired ? (
        <p className="order-alert">{intl.formatMessage(messages.expired)}</p>
      ) : (
        <>
          <p className="payment-countdown__reservation" role="timer">
            {intl.formatMessage(valueMessages.reservation, { time: clock(reservationLeft) })}
          </p>
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
            <a className="button button--primary" href={paymentUrl}>
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
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </div>
  );
}
