// The order form's page, in parts: what it shows without a course, the notice of a reservation that
// waits for payment, the chosen courses, the totals and the order button.
import type { Ref } from 'react';
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { useLocalizedPath } from '@/i18n/use-locale';
import { Button, ButtonLink } from '@/shared/ui/button';

import type { BookingCourse } from '../stores/booking-store';
import { couponAmount, useBookingStore } from '../stores/booking-store';
import { legOfCourse } from '../utils/legs';
import { searchAgainPath } from '../utils/search-again';

import { orderTicketMessages as messages } from './order-ticket-messages';
import { TripSummary } from './trip-summary';

/** The order form before a course is chosen: a way to the search. */
export function NoCourseChosen({ title }: { title: string }) {
  const intl = useIntl();
  const localized = useLocalizedPath();
  return (
    <section className="order-page" aria-labelledby="order-title">
      <h1 id="order-title">{title}</h1>
      <p>{intl.formatMessage(messages.noCourse)}</p>
      <ButtonLink to={localized('/')}>{intl.formatMessage(messages.search)}</ButtonLink>
    </section>
  );
}

/** An order placed from this form waits for payment: the way to pay it. */
export function PendingOrderNotice() {
  const intl = useIntl();
  const localized = useLocalizedPath();
  return (
    <div className="order-notice" role="status">
      <p>{intl.formatMessage(messages.pendingOrder)}</p>
      <ButtonLink variant="secondary" to={localized('/order/payment')}>
        {intl.formatMessage(messages.goToPayment)}
      </ButtonLink>
    </div>
  );
}

/** The chosen courses, the server's word on them, and the way back to the search. */
export function ChosenTrip({ course, courseReturn, error }: { course: BookingCourse; courseReturn: BookingCourse | null; error?: string | undefined }) {
  const intl = useIntl();
  const localized = useLocalizedPath();
  return (
    <section className="order-section order-section--trip" aria-labelledby="order-trip-title">
      <h2 id="order-trip-title" className="order-section__title">
        {intl.formatMessage(messages.trip)}
      </h2>
      <TripSummary outbound={legOfCourse(course)} back={courseReturn ? legOfCourse(courseReturn) : null} />
      {error ? <p className="form-field__error">{error}</p> : null}
      {/* Back to the results of the search that found these courses, not to an empty search. */}
      <ButtonLink variant="secondary" to={localized(searchAgainPath(course, courseReturn))} className="order-section__action">
        {intl.formatMessage(messages.changeTrip)}
      </ButtonLink>
    </section>
  );
}

/** The tickets' sum, the coupon's part and what is left to pay. */
export function OrderTotals() {
  const intl = useIntl();
  const format = useFormatters();
  const total = useBookingStore((state) => state.total);
  const coupon = useBookingStore((state) => state.coupon);
  const couponPart = couponAmount(total, coupon);
  return (
    <section className="order-section order-totals" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="order-section__title">
        {intl.formatMessage(messages.summary)}
      </h2>
      <dl className="order-totals__list">
        <div>
          <dt>{intl.formatMessage(messages.ticketsTotal)}</dt>
          <dd>{format.money(total)}</dd>
        </div>
        {coupon.code ? (
          <div>
            <dt>{intl.formatMessage(messages.coupon)}</dt>
            <dd>{format.money(-couponPart)}</dd>
          </div>
        ) : null}
        <div className="order-totals__to-pay">
          <dt>{intl.formatMessage(messages.toPay)}</dt>
          <dd>{format.money(total - couponPart)}</dd>
        </div>
      </dl>
    </section>
  );
}

interface SubmitProps {
  submitting: boolean;
  placeError: string | null;
  placeErrorRef: Ref<HTMLParagraphElement>;
}

/** Why the placing failed (when it did), and the order button with its note and status. */
export function OrderSubmit({ submitting, placeError, placeErrorRef }: SubmitProps) {
  const intl = useIntl();
  return (
    <>
      {placeError ? (
        <p ref={placeErrorRef} tabIndex={-1} className="order-alert" role="alert">
          {placeError}
        </p>
      ) : null}

      <div className="order-form__submit">
        <p className="form-field__hint">{intl.formatMessage(messages.paymentTime)}</p>
        <Button type="submit" disabled={submitting}>
          {intl.formatMessage(messages.submit)}
        </Button>
        {submitting ? (
          <p role="status" className="order-form__status">
            {intl.formatMessage(messages.submitting)}
          </p>
        ) : null}
      </div>
    </>
  );
}
