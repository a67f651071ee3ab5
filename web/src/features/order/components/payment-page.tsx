// /order/payment: the reservation is saved; after a short countdown the customer goes to the payment
// gateway (or sooner, with the button). An order with nothing to pay goes straight to its outcome.
// Once the reservation's time is up (or the server says it expired) the page says so and nothing
// else (payment-expired.tsx).
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';

import { useFormatters } from '@/i18n/format';
import { useLocalizedPath } from '@/i18n/use-locale';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { ButtonLink } from '@/shared/ui/button';

import { useCancelReservation } from '../api/cancel-reservation';
import { placedOrderQueryOptions, type PlacedOrder } from '../api/get-order';
import { useNow } from '../hooks/use-now';
import { useBookingStore } from '../stores/booking-store';
import { legOfCourse } from '../utils/legs';
import { paymentRedirect } from '../utils/payment-redirect';

import { PaymentCountdown } from './payment-countdown';
import { ExpiredReservation } from './payment-expired';
import { cancelledMessages } from './reservation-messages';
import { TripSummary } from './trip-summary';
import './order.css';

const messages = defineMessages({
  title: {
    id: 'order.payment.title',
    defaultMessage: 'Rezerwacja zapisana',
    description: 'Heading and page title after the order was placed',
  },
  status: {
    id: 'order.payment.status',
    defaultMessage: 'Status: rezerwacja oczekuje na płatność',
    description: 'The order status label (pending payment)',
  },
  expiredTitle: {
    id: 'order.payment.expiredTitle',
    defaultMessage: 'Rezerwacja wygasła',
    description: 'Heading and page title of the payment page once the reservation expired unpaid',
  },
  noOrderTitle: {
    id: 'order.payment.noOrderTitle',
    defaultMessage: 'Brak rezerwacji',
    description: 'Heading and page title of the payment page opened without a placed order',
  },
  noOrder: {
    id: 'order.payment.noOrder',
    defaultMessage: 'Nie ma rezerwacji do opłacenia.',
    description: 'The payment page without a placed order',
  },
  search: { id: 'order.payment.search', defaultMessage: 'Wyszukaj połączenie', description: 'Link to the search' },
  toPay: { id: 'order.payment.toPay', defaultMessage: 'Do zapłaty', description: 'Label of the amount to pay' },
  total: { id: 'order.payment.total', defaultMessage: 'Wartość biletów', description: 'Label of the tickets total' },
  coupon: { id: 'order.payment.coupon', defaultMessage: 'Zapłacono kuponem', description: 'Label of the coupon part' },
});

const valueMessages = defineMessages<{ number: { number: string } }>({
  number: {
    id: 'order.payment.number',
    defaultMessage: 'Numer rezerwacji: {number}',
    description: 'The reservation number (the readable order number)',
  },
});

/** Whether the reservation can no longer be paid: the server says so, or its time is up (checked every second). */
function useExpired(order: PlacedOrder | null): boolean {
  const expiresMs = order ? new Date(order.expires_at).getTime() : Number.POSITIVE_INFINITY;
  const pending = order !== null && order.status !== 'expired';
  const now = useNow(1_000, pending);
  return order !== null && (order.status === 'expired' || (order.to_pay > 0 && now >= expiresMs));
}

export function PaymentPage() {
  const intl = useIntl();
  const format = useFormatters();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const placedHashId = useBookingStore((state) => state.placedHashId);
  const placed = useQuery({ ...placedOrderQueryOptions(placedHashId ?? ''), enabled: placedHashId !== null });
  const order = placed.data ?? null;
  // Read again after a reload: nothing shows until it is there.
  const loading = placedHashId !== null && placed.isPending;
  const expired = useExpired(order);
  const cancelled = order?.status === 'cancelled';
  const cancelling = useCancelReservation();
  // Opened directly (a bookmark, a reload after the booking was cleared): the page says so, title too.
  const title = intl.formatMessage(
    cancelled ? cancelledMessages.title : expired ? messages.expiredTitle : order || loading ? messages.title : messages.noOrderTitle,
  );
  usePageTitle(title);
  const course = useBookingStore((state) => state.course);
  const courseReturn = useBookingStore((state) => state.courseReturn);

  const afterPayment = order ? `${localized('/order/after-payment')}?hash_id=${encodeURIComponent(order.hash_id)}` : '';
  // Nothing to pay (a coupon covered it all): no gateway, straight to the outcome. A reservation the
  // customer just cancelled, or one that expired, has no payment link either, and stays here to say so.
  const nothingToPay = Boolean(order && !cancelled && !expired && (!order.payment_url || order.to_pay === 0));
  useEffect(() => {
    if (nothingToPay) void navigate(afterPayment, { replace: true });
  }, [nothingToPay, afterPayment, navigate]);

  const redirect = useCallback((url: string) => paymentRedirect.go(url), []);
  // Not paying (back from the gateway): the reservation is cancelled, its seats go back.
  const hashId = order?.hash_id;
  const mutate = cancelling.mutate;
  const cancel = useCallback(() => {
    if (hashId) mutate(hashId);
  }, [hashId, mutate]);

  if (loading) return <section className="order-page payment-page" aria-busy="true" />;

  if (!order) {
    return (
      <section className="order-page" aria-labelledby="payment-title">
        <h1 id="payment-title">{title}</h1>
        <p>{intl.formatMessage(messages.noOrder)}</p>
        <ButtonLink to={localized('/')}>{intl.formatMessage(messages.search)}</ButtonLink>
      </section>
    );
  }

  if (cancelled)
    return <ExpiredReservation title={title} text={intl.formatMessage(cancelledMessages.text)} course={course} courseReturn={courseReturn} />;
  if (expired) return <ExpiredReservation title={title} course={course} courseReturn={courseReturn} />;

  return (
    <section className="order-page payment-page" aria-labelledby="payment-title">
      <h1 id="payment-title">{title}</h1>
      <p className="payment-page__status">{intl.formatMessage(messages.status)}</p>
      <p>{intl.formatMessage(valueMessages.number, { number: order.number })}</p>

      <dl className="order-totals__list payment-page__totals">
        {order.coupon_amount > 0 ? (
          <>
            <div>
              <dt>{intl.formatMessage(messages.total)}</dt>
              <dd>{format.money(order.total)}</dd>
            </div>
            <div>
              <dt>{intl.formatMessage(messages.coupon)}</dt>
              <dd>{format.money(-order.coupon_amount)}</dd>
            </div>
          </>
        ) : null}
        <div className="order-totals__to-pay">
          <dt>{intl.formatMessage(messages.toPay)}</dt>
          <dd>{format.money(order.to_pay)}</dd>
        </div>
      </dl>

      {order.payment_url && !nothingToPay ? (
        <PaymentCountdown paymentUrl={order.payment_url} expiresAt={order.expires_at} onRedirect={redirect} onCancel={cancel} />
      ) : null}

      {course ? (
        <TripSummary outbound={legOfCourse(course)} back={courseReturn ? legOfCourse(courseReturn) : null} />
      ) : null}
    </section>
  );
}
