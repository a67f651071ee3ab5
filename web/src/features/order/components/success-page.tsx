// /order/success/{hash_id}: the paid order and its tickets (number, code, QR code, price, leg), the
// route and times, and the amounts. Also reachable later from the e-mail: the only page a guest has, so
// it says what became of the order since (issue 39): a ticket's cancelled or late course with the link
// to the choice, the money paid back, and a heading that names the real state once no ticket is left to
// travel on (every ticket returned, or its course cancelled).
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';
import { isApiError } from '@/shared/api/api-error';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { ButtonLink } from '@/shared/ui/button';
import { InvoiceRequest } from '@/shared/ui/invoice-request';
import { PassengerLinks } from '@/shared/ui/passenger-links';

import { useOrder, type Order } from '../api/get-order';
import { useBookingStore } from '../stores/booking-store';
import { orderOutcome, type OrderOutcome } from '../utils/order-outcome';

import { successMessages as messages, successValues as valueMessages } from './success-messages';
import { InvoiceData, PaidAmounts, SuccessActions, TicketCard } from './success-parts';
import { TripSummary } from './trip-summary';
import './order.css';

/** The page without a paid order to show: a heading and what to do. */
function Outcome({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="order-page order-outcome" aria-labelledby="success-title">
      <h1 id="success-title">{heading}</h1>
      {children}
    </section>
  );
}

export function SuccessPage() {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const { id } = useParams();
  const lastOrder = useBookingStore((state) => state.placedHashId);
  const hashId = id ?? lastOrder;
  const order = useOrder(hashId);
  const outcome = order.data ? orderOutcome(order.data) : null;
  // The heading says the order's real state once it is known (never a thank-you for a cancelled trip).
  const title = intl.formatMessage(outcome ? TITLES[outcome] : messages.orderTitle);
  const unknown = !hashId || (isApiError(order.error) && order.error.status === 404);
  usePageTitle(unknown ? intl.formatMessage(messages.notFound) : title);

  if (unknown) {
    return (
      <Outcome heading={intl.formatMessage(messages.notFound)}>
        <ButtonLink to={localized('/')}>{intl.formatMessage(messages.searchAgain)}</ButtonLink>
      </Outcome>
    );
  }
  if (order.isError) {
    return (
      <Outcome heading={title}>
        <p className="order-alert" role="alert">
          {intl.formatMessage(messages.failed)}
        </p>
      </Outcome>
    );
  }
  if (!order.data) {
    return (
      <Outcome heading={title}>
        <p role="status">{intl.formatMessage(messages.loading)}</p>
      </Outcome>
    );
  }
  if (order.data.status !== 'paid' && order.data.status !== 'returned') {
    return (
      <Outcome heading={intl.formatMessage(messages.notPaid)}>
        <ButtonLink to={`${localized('/order/after-payment')}?hash_id=${encodeURIComponent(order.data.hash_id)}`}>
          {intl.formatMessage(messages.checkPayment)}
        </ButtonLink>
      </Outcome>
    );
  }
  return <PaidOrder order={order.data} title={title} outcome={outcome ?? 'paid'} />;
}

const TITLES = { paid: messages.title, returned: messages.returnedTitle, cancelled: messages.cancelledTitle } as const;

/** A paid (or since returned) order: the trip, the tickets, the amounts, the invoice. */
function PaidOrder({ order, title, outcome }: { order: Order; title: string; outcome: OrderOutcome }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const firstTicket = order.tickets.find((ticket) => ticket.status === 'valid') ?? order.tickets[0];
  return (
    <section className="order-page success-page" aria-labelledby="success-title">
      <h1 id="success-title">{title}</h1>
      <p>
        {/* The readable number; orders from before numbering keep showing their hash. */}
        {outcome === 'returned'
          ? intl.formatMessage(valueMessages.introReturned, { number: order.number ?? order.hash_id })
          : outcome === 'cancelled'
            ? intl.formatMessage(valueMessages.introCancelled, { number: order.number ?? order.hash_id })
            : intl.formatMessage(valueMessages.intro, { number: order.number ?? order.hash_id, email: order.customer.email })}
      </p>

      <section className="order-section" aria-labelledby="success-trip">
        <h2 id="success-trip" className="order-section__title">
          {intl.formatMessage(messages.trip)}
        </h2>
        <TripSummary outbound={order.outbound} back={order.back ?? null} />
      </section>

      <section className="order-section" aria-labelledby="success-tickets">
        <h2 id="success-tickets" className="order-section__title">
          {intl.formatMessage(messages.tickets)}
        </h2>
        <p className="form-field__hint">{intl.formatMessage(messages.ticketsHint)}</p>
        <ul className="ticket-cards">
          {order.tickets.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} />
          ))}
        </ul>
      </section>

      <PaidAmounts order={order} />
      {order.invoice ? <InvoiceData order={order} invoice={order.invoice} /> : null}
      {!order.invoice && order.status === 'paid' && firstTicket ? (
        // A guest shows this order's ticket number and code: the right to ask for its invoice.
        <InvoiceRequest number={firstTicket.number} code={firstTicket.code} onIssued={() => void queryClient.invalidateQueries({ queryKey: ['order'] })} />
      ) : null}
      <SuccessActions />
      <PassengerLinks className="passenger-links success-page__links" />
    </section>
  );
}
