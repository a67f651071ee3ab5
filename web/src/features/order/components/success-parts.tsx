// The paid order's page, in parts: a ticket's card (with its course's cancellation or delay), the
// amounts paid and paid back, the invoice data and the page's actions (print, my tickets, search again).
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { useLocalizedPath } from '@/i18n/use-locale';
import { invoicesOf } from '@/shared/api/invoice-summary';
import { selectIsLoggedIn, useAuthStore } from '@/shared/stores/auth-store';
import { Button, ButtonLink } from '@/shared/ui/button';
import { InvoiceLinks } from '@/shared/ui/invoice-links';
import { ticketStatusTexts } from '@/shared/ui/status-words';
import { TicketDisruption } from '@/shared/ui/ticket-disruption';
import { TicketQr } from '@/shared/ui/ticket-qr';

import type { Order, OrderTicket } from '../api/get-order';

import { successMessages as messages, successValues as valueMessages } from './success-messages';

/** One ticket: its course's cancellation or delay, its QR code while it is valid, number, code, leg,
 * price and status. */
export function TicketCard({ ticket }: { ticket: OrderTicket }) {
  const intl = useIntl();
  const format = useFormatters();
  const status =
    ticket.status === 'returned'
      ? messages.returned
      : ticket.status === 'used'
        ? messages.used
        : ticket.status === 'cancelled'
          ? ticketStatusTexts.cancelled
          : messages.valid;
  const headingId = `ticket-${ticket.id}`;
  return (
    <li className={`ticket-card ticket-card--${ticket.status}`} aria-labelledby={headingId}>
      <h3 id={headingId} className="ticket-card__title">
        {intl.formatMessage(valueMessages.ticket, { number: ticket.number })}
      </h3>
      <TicketDisruption disruption={ticket.disruption} departureAt={ticket.departure_at} />
      {/* A returned or used ticket's code no longer works: its status below says why it is gone. */}
      {ticket.status === 'valid' ? <TicketQr svg={ticket.qr_svg} number={ticket.number} size={160} /> : null}
      <dl className="ticket-card__facts">
        <div>
          <dt>{intl.formatMessage(messages.number)}</dt>
          <dd>{ticket.number}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage(messages.code)}</dt>
          <dd className="ticket-card__code">{ticket.code}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage(messages.leg)}</dt>
          <dd>{intl.formatMessage(ticket.leg.toLowerCase() === 'back' ? messages.back : messages.outbound)}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage(messages.departure)}</dt>
          {/* The ticket's own course: after a move it is not the leg's first departure. */}
          <dd>
            {ticket.course_changed
              ? intl.formatMessage(valueMessages.movedCourse, { departure: format.dateTime(ticket.departure_at) })
              : format.dateTime(ticket.departure_at)}
          </dd>
        </div>
        {/* Moved (a cancelled course's choice may take another line serving the same stops): its line. */}
        {ticket.course_changed ? (
          <div>
            <dt>{intl.formatMessage(messages.movedLine)}</dt>
            <dd>{ticket.route_name}</dd>
          </div>
        ) : null}
        <div>
          <dt>{intl.formatMessage(messages.price)}</dt>
          <dd>{format.money(ticket.price)}</dd>
        </div>
        {ticket.passenger_name ? (
          <div>
            <dt>{intl.formatMessage(messages.passenger)}</dt>
            <dd>{ticket.passenger_name}</dd>
          </div>
        ) : null}
        {ticket.discount_name ? (
          <div>
            <dt>{intl.formatMessage(messages.discount)}</dt>
            <dd>{intl.formatMessage(valueMessages.discountValue, { discount: ticket.discount_name })}</dd>
          </div>
        ) : null}
        <div>
          <dt>{intl.formatMessage(messages.status)}</dt>
          <dd>{intl.formatMessage(status)}</dd>
        </div>
      </dl>
    </li>
  );
}

/** The tickets' value, the coupon's part, what was paid and what was paid back so far. */
export function PaidAmounts({ order }: { order: Order }) {
  const intl = useIntl();
  const format = useFormatters();
  const couponPart = order.coupon?.amount ?? 0;
  const amount = format.money(order.refunded);
  const coupon = format.money(order.refunded_to_coupon);
  const refunded =
    order.refunded > 0 && order.refunded_to_coupon > 0
      ? intl.formatMessage(valueMessages.refundedBoth, { amount, coupon })
      : order.refunded > 0
        ? intl.formatMessage(valueMessages.refunded, { amount })
        : order.refunded_to_coupon > 0
          ? intl.formatMessage(valueMessages.refundedToCoupon, { coupon })
          : null;
  return (
    <section className="order-section" aria-labelledby="success-amounts">
      <h2 id="success-amounts" className="order-section__title">
        {intl.formatMessage(messages.amounts)}
      </h2>
      <dl className="order-totals__list">
        <div>
          <dt>{intl.formatMessage(messages.total)}</dt>
          <dd>{format.money(order.total)}</dd>
        </div>
        {order.coupon ? (
          <div>
            <dt>{intl.formatMessage(valueMessages.couponCode, { code: order.coupon.code })}</dt>
            <dd>{format.money(-couponPart)}</dd>
          </div>
        ) : null}
        <div className="order-totals__to-pay">
          <dt>{intl.formatMessage(messages.paid)}</dt>
          <dd>{format.money(order.to_pay)}</dd>
        </div>
      </dl>
      {refunded ? <p className="success-page__refunded">{refunded}</p> : null}
    </section>
  );
}

/** The invoice data the order asked for, and the invoices issued. */
export function InvoiceData({ order, invoice }: { order: Order; invoice: NonNullable<Order['invoice']> }) {
  const intl = useIntl();
  return (
    <section className="order-section" aria-labelledby="success-invoice">
      <h2 id="success-invoice" className="order-section__title">
        {intl.formatMessage(messages.invoice)}
      </h2>
      <p>{intl.formatMessage(messages.invoiceText)}</p>
      <address className="success-page__invoice">
        {invoice.company_name}
        <br />
        {intl.formatMessage(valueMessages.vat, { vat: invoice.vat_number })}
        <br />
        {invoice.address}
        <br />
        {intl.formatMessage(valueMessages.place, { postalCode: invoice.postal_code, city: invoice.city })}
      </address>
      <InvoiceLinks invoices={invoicesOf(order)} hashId={order.hash_id} />
    </section>
  );
}

/** Print the tickets, see them all (logged in), or search again. */
export function SuccessActions() {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const loggedIn = useAuthStore(selectIsLoggedIn);
  return (
    <div className="success-page__actions">
      <Button variant="secondary" onClick={() => window.print()}>
        {intl.formatMessage(messages.print)}
      </Button>
      {loggedIn ? (
        <ButtonLink variant="secondary" to={localized('/user/your-tickets')}>
          {intl.formatMessage(messages.myTickets)}
        </ButtonLink>
      ) : null}
      <ButtonLink to={localized('/')}>{intl.formatMessage(messages.searchAgain)}</ButtonLink>
    </div>
  );
}
