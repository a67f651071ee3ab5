// The order form's submit: the form checks itself, then asks the backend to validate each step, then
// places the order with an Idempotency-Key (the same key and bytes on a retry after a lost answer) and
// goes on to the payment page. It keeps the errors on screen (by field, and the summary's list) and
// the refusal of the placing itself.
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useNavigate } from 'react-router';

import { useLocale, useLocalizedPath } from '@/i18n/use-locale';
import { isApiError, type ApiError } from '@/shared/api/api-error';
import type { ServerText } from '@/shared/api/server-messages';
import { formatDisplayText } from '@/shared/lib/display-text';
import { newIdempotencyKey } from '@/shared/lib/idempotency-key';
import { problemText } from '@/shared/rules/problem-text';

import { placedOrderQueryOptions, type PlacedOrder } from '../api/get-order';
import { placeOrder, type OrderRequest, type PlacedOrderAnswer } from '../api/place-order';
import { validateOrderStep, type OrderStep } from '../api/validate-order';
import type { SummaryError } from '../components/error-summary';
import { orderTicketMessages as messages } from '../components/order-ticket-messages';
import { useBookingStore, type BookingState } from '../stores/booking-store';
import { serverFieldErrors } from '../utils/field-errors';
import {
  orderErrorMessages,
  passengerNames,
  validateCustomer,
  validateInvoice,
  validateTickets,
  type FieldErrors,
} from '../utils/order-validation';
import { placeMessages, serverMessage } from '../utils/server-messages';

function buildRequest(state: BookingState): OrderRequest | null {
  if (!state.course) return null;
  return {
    course: state.course,
    ...(state.courseReturn ? { courseReturn: state.courseReturn } : {}),
    tickets: state.tickets.map((line) => ({ qty: line.qty, discount_id: line.discount_id, passengers: passengerNames(line) })),
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

function translate(intl: IntlShape, found: FieldErrors): Record<string, string> {
  const say = (error: FieldErrors[string]) =>
    typeof error === 'string' ? intl.formatMessage(orderErrorMessages[error]) : formatDisplayText(intl, problemText(error));
  return Object.fromEntries(Object.entries(found).map(([key, error]) => [key, say(error)]));
}

/** The form's own checks of the whole order, as messages by field. */
function checkForm(intl: IntlShape, state: BookingState): Record<string, string> {
  return translate(intl, {
    ...validateTickets(state.tickets, [state.course, state.courseReturn]),
    ...validateCustomer(state.customer),
    ...validateInvoice(state.invoice),
  });
}

/** A 422's messages by field (`general` when it names none). */
function refusalByField(intl: IntlShape, refusal: ApiError): Record<string, string> {
  const byField: Record<string, ServerText> = serverFieldErrors(refusal.errors);
  if (Object.keys(byField).length === 0) byField.general = refusal;
  return Object.fromEntries(Object.entries(byField).map(([key, text]) => [key, serverMessage(intl, text)]));
}

/** The backend's checks of each step of the order; anything but a 422 is thrown. */
async function checkSteps(intl: IntlShape, body: OrderRequest, withInvoice: boolean): Promise<Record<string, string>> {
  const steps: OrderStep[] = ['tickets', 'customer', ...(withInvoice ? (['invoice'] as const) : [])];
  const results = await Promise.allSettled(steps.map((step) => validateOrderStep(step, body)));
  const fromServer: Record<string, string> = {};
  for (const result of results) {
    if (result.status === 'fulfilled') continue;
    if (!isApiError(result.reason) || result.reason.status !== 422) throw result.reason;
    for (const [key, message] of Object.entries(refusalByField(intl, result.reason))) fromServer[key] ??= message;
  }
  return fromServer;
}

/** The placed order as the payment page reads it: the answer has all it needs. */
function asPlacedOrder(placed: PlacedOrderAnswer): PlacedOrder {
  return {
    order_id: placed.order_id,
    hash_id: placed.hash_id,
    number: placed.number,
    status: placed.status,
    total: placed.total,
    coupon_amount: placed.coupon_amount,
    to_pay: placed.to_pay,
    expires_at: placed.expires_at,
    payment_url: placed.payment_url,
  };
}

/** The errors on screen, by field, and the summary's list of them (focused when shown). */
function useFieldErrors() {
  const intl = useIntl();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<SummaryError[]>([]);
  const summaryRef = useRef<HTMLDivElement>(null);

  function show(found: Record<string, string>) {
    setErrors(found);
    setSummary(
      Object.entries(found)
        .sort(([a], [b]) => fieldOrder(a) - fieldOrder(b))
        .map(([key, message]) => ({ key, message })),
    );
    // After React has rendered the summary.
    setTimeout(() => summaryRef.current?.focus(), 0);
  }

  /**
   * A field with an error on screen is checked again as it changes ("reward early, punish late"): its
   * message goes as soon as the value is right (a corrected NIP), and stays, updated, while it is
   * still wrong. The form cannot check what only the server knows: such a message goes on any change.
   */
  function recheck(name: string) {
    if (!errors[name]) return;
    const checkable = name.startsWith('customer.') || name.startsWith('invoice.');
    const state = useBookingStore.getState();
    const still = checkable ? translate(intl, { ...validateCustomer(state.customer), ...validateInvoice(state.invoice) })[name] : undefined;
    setErrors((current) => {
      const next = { ...current };
      if (still) next[name] = still;
      else delete next[name];
      return next;
    });
  }

  /** The tickets changed: their errors (and the seats') go until the next submit. */
  function clearTicketErrors() {
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(next)) if (key === 'tickets' || key.startsWith('tickets.')) delete next[key];
      return next;
    });
  }

  // The summary lists the errors still on screen: one the user has put right leaves it at once.
  const shownSummary = summary
    .filter((error) => error.key === 'general' || errors[error.key] !== undefined)
    .map((error) => ({ key: error.key, message: errors[error.key] ?? error.message }));

  return { errors, show, recheck, clearTicketErrors, shownSummary, summaryRef };
}

export function useOrderSubmit() {
  const intl = useIntl();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const setPlaceAttempt = useBookingStore((state) => state.setPlaceAttempt);
  const setPlaced = useBookingStore((state) => state.setPlaced);

  const { errors, show, recheck, clearTicketErrors, shownSummary, summaryRef } = useFieldErrors();
  const [placeError, setPlaceError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const placeErrorRef = useRef<HTMLParagraphElement>(null);

  function showPlaceError(message: string) {
    setPlaceError(message);
    setTimeout(() => placeErrorRef.current?.focus(), 0);
  }

  /** Places the checked order: the same bytes and key as an attempt whose answer was lost, a new key for anything changed. */
  async function place(body: OrderRequest) {
    const serialised = JSON.stringify(body);
    const earlier = useBookingStore.getState().placeAttempt;
    const attempt = earlier?.body === serialised ? earlier : { key: newIdempotencyKey(), body: serialised };
    setPlaceAttempt(attempt);
    const placed = await placeOrder(attempt.body, attempt.key, locale);
    queryClient.setQueryData<PlacedOrder>(placedOrderQueryOptions(placed.hash_id).queryKey, asPlacedOrder(placed));
    setPlaced(placed.hash_id);
    void navigate(localized('/order/payment'));
  }

  function placingFailed(failure: unknown) {
    if (isApiError(failure) && failure.status === 422) {
      setPlaceAttempt(null);
      show(refusalByField(intl, failure));
    } else if (isApiError(failure) && failure.status === 409) {
      setPlaceAttempt(null);
      showPlaceError(intl.formatMessage(placeMessages.noSeats));
    } else {
      // No answer: the order may or may not exist. The kept attempt makes a retry safe.
      showPlaceError(intl.formatMessage(messages.retry));
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setPlaceError(null);
    const state = useBookingStore.getState();
    const found = checkForm(intl, state);
    if (Object.keys(found).length > 0) {
      show(found);
      return;
    }
    const body = buildRequest(state);
    if (!body) return;

    setSubmitting(true);
    try {
      const fromServer = await checkSteps(intl, body, state.invoice.is_selected === 1);
      if (Object.keys(fromServer).length > 0) show(fromServer);
      else await place(body);
    } catch (failure) {
      placingFailed(failure);
    } finally {
      setSubmitting(false);
    }
  }

  return { errors, shownSummary, placeError, submitting, summaryRef, placeErrorRef, submit, recheck, clearTicketErrors };
}
