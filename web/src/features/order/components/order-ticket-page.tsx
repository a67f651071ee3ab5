// /order/ticket: the order form. Tickets (recalculated as they change), the buyer and consents, an
// optional invoice and coupon, then "order with obligation to pay". What the submit does (the form's
// checks, the backend's per step, the placing with an Idempotency-Key) is in hooks/use-order-submit;
// the page's parts are in order-ticket-parts.
import { useEffect, type FormEvent } from 'react';
import { useIntl } from 'react-intl';

import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useAuthStore } from '@/shared/stores/auth-store';

import { useOrderSubmit } from '../hooks/use-order-submit';
import { useTicketRecalculation } from '../hooks/use-ticket-recalculation';
import { useBookingStore } from '../stores/booking-store';

import { CouponField } from './coupon-field';
import { CustomerFields } from './customer-fields';
import { ErrorSummary } from './error-summary';
import { InvoiceFields } from './invoice-fields';
import { orderTicketMessages as messages } from './order-ticket-messages';
import { ChosenTrip, NoCourseChosen, OrderSubmit, OrderTotals, PendingOrderNotice } from './order-ticket-parts';
import { TicketLines } from './ticket-lines';
import './order.css';

/** A logged-in user's data fills an empty form; the account's e-mail is the order's e-mail. */
function useAccountFillsCustomer() {
  const setCustomer = useBookingStore((state) => state.setCustomer);
  const user = useAuthStore((state) => (state.token ? state.user : null));
  useEffect(() => {
    if (!user) return;
    const { customer } = useBookingStore.getState();
    setCustomer({
      id: user.id,
      email: user.email,
      first_name: customer.first_name || user.first_name,
      last_name: customer.last_name || user.last_name,
    });
  }, [user, setCustomer]);
  return user;
}

export function OrderTicketPage() {
  const intl = useIntl();
  const title = intl.formatMessage(messages.title);
  usePageTitle(title);

  const course = useBookingStore((state) => state.course);
  const courseReturn = useBookingStore((state) => state.courseReturn);
  const pendingOrder = useBookingStore((state) => state.placedHashId !== null);
  const user = useAccountFillsCustomer();
  const recalculation = useTicketRecalculation();
  const { errors, shownSummary, placeError, submitting, summaryRef, placeErrorRef, submit, recheck, clearTicketErrors } = useOrderSubmit();
  const recheckField = (event: FormEvent<HTMLFormElement>) => {
    const field: EventTarget = event.target;
    const name = field instanceof HTMLInputElement || field instanceof HTMLSelectElement ? field.name : '';
    if (name) recheck(name);
  };

  if (!course) return <NoCourseChosen title={title} />;

  return (
    <section className="order-page" aria-labelledby="order-title">
      <h1 id="order-title">{title}</h1>
      {pendingOrder ? <PendingOrderNotice /> : null}
      <ChosenTrip course={course} courseReturn={courseReturn} error={errors.course} />

      <form
        className="order-form"
        noValidate
        aria-busy={submitting}
        onSubmit={(event) => void submit(event)}
        // A changed field with an error is checked again (inputs are named by form key); the store
        // already holds the new value, since the field's own handler ran first. Both events: a text
        // field's value changes on `input` (a form's `change` comes only when it loses focus, on
        // Preact as in the DOM), a select's store on `change`. Checking twice changes nothing.
        onInput={recheckField}
        onChange={recheckField}
      >
        <ErrorSummary ref={summaryRef} errors={shownSummary} />
        <TicketLines
          errors={errors}
          isCalculating={recalculation.isCalculating}
          priceError={Boolean(recalculation.error)}
          onChange={clearTicketErrors}
        />
        <CustomerFields errors={errors} emailLocked={Boolean(user)} />
        <InvoiceFields errors={errors} />
        <CouponField error={errors.coupon} />
        <OrderTotals />
        <OrderSubmit submitting={submitting} placeError={placeError} placeErrorRef={placeErrorRef} />
      </form>
    </section>
  );
}
