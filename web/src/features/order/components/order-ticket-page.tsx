// /order/ticket: the order form. Tickets (recalculated as they change), the buyer and consents, an
// optional invoice and coupon, then "order with obligation to pay". On submit the form checks itself,
// then asks the backend to validate each step, then places the order with an Idempotency-Key (the same
// key and bytes on a retry after a lost answer) and goes on to the payment page.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';

import { useFormatters } from '@/i18n/format';
import { useLocale, useLocalizedPath } from '@/i18n/use-locale';
import { isApiError } from '@/shared/api/api-error';
import type { ServerText } from '@/shared/api/server-messages';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useAuthStore } from '@/shared/stores/auth-store';
import { Button, ButtonLink } from '@/shared/ui/button';

import { placedOrderQueryOptions, type PlacedOrder } from '../api/get-order';
import { placeOrder, type OrderRequest } from '../api/place-order';
import { validateOrderStep, type OrderStep } from '../api/validate-order';
import { useTicketRecalculation } from '../hooks/use-ticket-recalculation';
import { couponAmount, useBookingStore, type BookingState } from '../stores/booking-store';
import { serverFieldErrors } from '../utils/field-errors';
import { newIdempotencyKey } from '../utils/idempotency-key';
import { legOfCourse } from '../utils/legs';
import {
  orderErrorMessages,
  validateCustomer,
  validateInvoice,
  validateTickets,
  type FieldErrors,
} from '../utils/order-validation';
import { placeMessages, serverMessage } from '../utils/server-messages';

import { CouponField } from './coupon-field';
import { CustomerFields } from './customer-fields';
import { ErrorSummary, type SummaryError } from './error-summary';
import { InvoiceFields } from './invoice-fields';
import { TicketLines } from './ticket-lines';
import { TripSummary } from './trip-summary';
import './order.css';

const messages = defineMessages({
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

function buildRequest(state: BookingState): OrderRequest | null {
  if (!state.course) return null;
  return {
    course: state.course,
    ...(state.courseReturn ? { courseReturn: state.courseReturn } : {}),
    tickets: state.tickets.map((line) => ({ qty: line.qty, discount_id: line.discount_id })),
    customer: state.customer,
    invoice: state.invoice,
    coupon: { code: state.coupon.code },
  };
}

/** The field keys in the order they appear, to list and focus errors top to bottom. */
function fieldOrder(key: string): number {
  const order = ['course', 'tickets', 'customer.', 'invoice.', 'coupon', 'general'];
  const index = order.findIndex((prefix) => key === prefix || key.startsWith(prefix.endsWith('.') ? prefix : `${prefix}.`));
  return index < 0 ? order.length : index;
}

export function OrderTicketPage() {
  const intl = useIntl();
  const format = useFormatters();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const locale = useLocale();
  const title = intl.formatMessage(messages.title);
  usePageTitle(title);

  const course = useBookingStore((state) => state.course);
  const courseReturn = useBookingStore((state) => state.courseReturn);
  const total = useBookingStore((state) => state.total);
  const coupon = useBookingStore((state) => state.coupon);
  const pendingOrder = useBookingStore((state) => state.placedHashId !== null);
  const setCustomer = useBookingStore((state) => state.setCustomer);
  const setPlaceAttempt = useBookingStore((state) => state.setPlaceAttempt);
  const setPlaced = useBookingStore((state) => state.setPlaced);
  const queryClient = useQueryClient();
  const user = useAuthStore((state) => (state.token ? state.user : null));

  const recalculation = useTicketRecalculation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<SummaryError[]>([]);
  const [placeError, setPlaceError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const placeErrorRef = useRef<HTMLParagraphElement>(null);

  // A logged-in user's data fills an empty form; the account's e-mail is the order's e-mail.
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

  if (!course) {
    return (
      <section className="order-page" aria-labelledby="order-title">
        <h1 id="order-title">{title}</h1>
        <p>{intl.formatMessage(messages.noCourse)}</p>
        <ButtonLink to={localized('/')}>{intl.formatMessage(messages.search)}</ButtonLink>
      </section>
    );
  }

  const couponPart = couponAmount(total, coupon);

  function clearFieldErrors() {
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(next)) if (key === 'tickets' || key.startsWith('tickets.')) delete next[key];
      return next;
    });
  }

  function show(found: Record<string, string>) {
    setErrors(found);
    const list = Object.entries(found)
      .sort(([a], [b]) => fieldOrder(a) - fieldOrder(b))
      .map(([key, message]) => ({ key, message }));
    setSummary(list);
    // After React has rendered the summary.
    setTimeout(() => summaryRef.current?.focus(), 0);
  }

  function translate(found: FieldErrors): Record<string, string> {
    return Object.fromEntries(Object.entries(found).map(([key, id]) => [key, intl.formatMessage(orderErrorMessages[id])]));
  }

  /**
   * A field with an error on screen is checked again as it changes ("reward early, punish late"): its
   * message goes as soon as the value is right (a corrected NIP), and stays, updated, while it is
   * still wrong. The form cannot check what only the server knows: such a message goes on any change.
   */
  function recheck(name: string): string | undefined {
    if (!name.startsWith('customer.') && !name.startsWith('invoice.')) return undefined;
    const state = useBookingStore.getState();
    return translate({ ...validateCustomer(state.customer), ...validateInvoice(state.invoice) })[name];
  }

  // The summary lists the errors still on screen: one the user has put right leaves it at once.
  const shownSummary = summary
    .filter((error) => error.key === 'general' || errors[error.key] !== undefined)
    .map((error) => ({ key: error.key, message: errors[error.key] ?? error.message }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setPlaceError(null);
    const state = useBookingStore.getState();
    const found = translate({
      ...validateTickets(state.tickets, [state.course, state.courseReturn]),
      ...validateCustomer(state.customer),
      ...validateInvoice(state.invoice),
    });
    if (Object.keys(found).length > 0) {
      show(found);
      return;
    }
    const body = buildRequest(state);
    if (!body) return;

    setSubmitting(true);
    try {
      const steps: OrderStep[] = ['tickets', 'customer', ...(state.invoice.is_selected === 1 ? (['invoice'] as const) : [])];
      const results = await Promise.allSettled(steps.map((step) => validateOrderStep(step, body)));
      const fromServer: Record<string, string> = {};
      for (const result of results) {
        if (result.status === 'fulfilled') continue;
        if (isApiError(result.reason) && result.reason.status === 422) {
          const byField: Record<string, ServerText> = serverFieldErrors(result.reason.errors);
          if (Object.keys(byField).length === 0) byField.general = result.reason;
          for (const [key, text] of Object.entries(byField)) fromServer[key] ??= serverMessage(intl, text);
        } else {
          throw result.reason;
        }
      }
      if (Object.keys(fromServer).length > 0) {
        show(fromServer);
        return;
      }

      // The same bytes and key as an attempt whose answer was lost; a new key for anything changed.
      const serialised = JSON.stringify(body);
      const earlier = useBookingStore.getState().placeAttempt;
      const attempt = earlier?.body === serialised ? earlier : { key: newIdempotencyKey(), body: serialised };
      setPlaceAttempt(attempt);
      const placed = await placeOrder(attempt.body, attempt.key, locale);
      // The answer is the payment page's data: no need to read the order again.
      queryClient.setQueryData<PlacedOrder>(placedOrderQueryOptions(placed.hash_id).queryKey, {
        order_id: placed.order_id,
        hash_id: placed.hash_id,
        number: placed.number,
        status: placed.status,
        total: placed.total,
        coupon_amount: placed.coupon_amount,
        to_pay: placed.to_pay,
        expires_at: placed.expires_at,
        payment_url: placed.payment_url,
      });
      setPlaced(placed.hash_id);
      void navigate(localized('/order/payment'));
    } catch (failure) {
      if (isApiError(failure) && failure.status === 422) {
        setPlaceAttempt(null);
        const byField: Record<string, ServerText> = serverFieldErrors(failure.errors);
        if (Object.keys(byField).length === 0) byField.general = failure;
        show(Object.fromEntries(Object.entries(byField).map(([key, text]) => [key, serverMessage(intl, text)])));
      } else if (isApiError(failure) && failure.status === 409) {
        setPlaceAttempt(null);
        setPlaceError(intl.formatMessage(placeMessages.noSeats));
        setTimeout(() => placeErrorRef.current?.focus(), 0);
      } else {
        // No answer: the order may or may not exist. The kept attempt makes a retry safe.
        setPlaceError(intl.formatMessage(messages.retry));
        setTimeout(() => placeErrorRef.current?.focus(), 0);
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="order-page" aria-labelledby="order-title">
      <h1 id="order-title">{title}</h1>

      {pendingOrder ? (
        <div className="order-notice" role="status">
          <p>{intl.formatMessage(messages.pendingOrder)}</p>
          <ButtonLink variant="secondary" to={localized('/order/payment')}>
            {intl.formatMessage(messages.goToPayment)}
          </ButtonLink>
        </div>
      ) : null}

      <section className="order-section order-section--trip" aria-labelledby="order-trip-title">
        <h2 id="order-trip-title" className="order-section__title">
          {intl.formatMessage(messages.trip)}
        </h2>
        <TripSummary outbound={legOfCourse(course)} back={courseReturn ? legOfCourse(courseReturn) : null} />
        {errors.course ? <p className="form-field__error">{errors.course}</p> : null}
        <ButtonLink variant="secondary" to={localized('/search')} className="order-section__action">
          {intl.formatMessage(messages.changeTrip)}
        </ButtonLink>
      </section>

      <form
        className="order-form"
        noValidate
        aria-busy={submitting}
        onSubmit={(event) => void submit(event)}
        // A changed field with an error is checked again (inputs are named by form key); the store
        // already holds the new value, since the field's own onChange ran first.
        onChange={(event) => {
          const field: EventTarget = event.target;
          const name = field instanceof HTMLInputElement || field instanceof HTMLSelectElement ? field.name : '';
          if (name && errors[name]) {
            const still = recheck(name);
            setErrors((current) => {
              const next = { ...current };
              if (still) next[name] = still;
              else delete next[name];
              return next;
            });
          }
        }}
      >
        <ErrorSummary ref={summaryRef} errors={shownSummary} />

        <TicketLines
          errors={errors}
          isCalculating={recalculation.isCalculating}
          priceError={Boolean(recalculation.error)}
          onChange={clearFieldErrors}
        />
        <CustomerFields errors={errors} emailLocked={Boolean(user)} />
        <InvoiceFields errors={errors} />
        <CouponField error={errors.coupon} />

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
      </form>
    </section>
  );
}
