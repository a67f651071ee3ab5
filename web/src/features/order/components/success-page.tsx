// /order/success/{hash_id}: the paid order and its tickets (number, code, QR code, price, leg), the
// route and times, and the amounts. Also reachable later from the e-mail.
import { defineMessages, useIntl } from 'react-intl';
import { useParams } from 'react-router';

import { useFormatters } from '@/i18n/format';
import { useLocalizedPath } from '@/i18n/use-locale';
import { isApiError } from '@/shared/api/api-error';
import { invoicesOf } from '@/shared/api/invoice-summary';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { selectIsLoggedIn, useAuthStore } from '@/shared/stores/auth-store';
import { Button, ButtonLink } from '@/shared/ui/button';
import { InvoiceLinks } from '@/shared/ui/invoice-links';
import { TicketQr } from '@/shared/ui/ticket-qr';

import { useOrder, type OrderTicket } from '../api/get-order';
import { useBookingStore } from '../stores/booking-store';

import { TripSummary } from './trip-summary';
import './order.css';

const messages = defineMessages({
  title: {
    id: 'order.success.title',
    defaultMessage: 'Dziękujemy! Zamówienie opłacone',
    description: 'Heading and page title of a paid order',
  },
  loading: { id: 'order.success.loading', defaultMessage: 'Wczytuję zamówienie…', description: 'Status while loading' },
  notFound: {
    id: 'order.success.notFound',
    defaultMessage: 'Nie znaleziono zamówienia',
    description: 'Heading when the order is unknown',
  },
  failed: {
    id: 'order.success.failed',
    defaultMessage: 'Nie udało się wczytać zamówienia. Spróbuj ponownie za chwilę.',
    description: 'The order could not be loaded',
  },
  notPaid: {
    id: 'order.success.notPaid',
    defaultMessage: 'To zamówienie nie zostało jeszcze opłacone.',
    description: 'The success page of an order that is not paid',
  },
  checkPayment: {
    id: 'order.success.checkPayment',
    defaultMessage: 'Sprawdź status płatności',
    description: 'Link to the after-payment page',
  },
  trip: { id: 'order.success.trip', defaultMessage: 'Przejazd', description: 'Heading of the legs' },
  tickets: { id: 'order.success.tickets', defaultMessage: 'Bilety', description: 'Heading of the tickets' },
  ticketsHint: {
    id: 'order.success.ticketsHint',
    defaultMessage: 'Pokaż kierowcy kod QR lub podaj numer i kod biletu.',
    description: 'How to use the tickets',
  },
  outbound: { id: 'order.success.outbound', defaultMessage: 'Tam', description: 'Ticket leg: outbound' },
  back: { id: 'order.success.back', defaultMessage: 'Powrót', description: 'Ticket leg: return' },
  valid: { id: 'order.success.valid', defaultMessage: 'Ważny', description: 'Ticket status: valid' },
  returned: { id: 'order.success.returned', defaultMessage: 'Zwrócony', description: 'Ticket status: returned' },
  used: { id: 'order.success.used', defaultMessage: 'Wykorzystany', description: 'Ticket status: used' },
  number: { id: 'order.success.number', defaultMessage: 'Numer', description: 'Ticket field: number' },
  code: { id: 'order.success.code', defaultMessage: 'Kod', description: 'Ticket field: code' },
  leg: { id: 'order.success.leg', defaultMessage: 'Kurs', description: 'Ticket field: which leg' },
  price: { id: 'order.success.price', defaultMessage: 'Cena', description: 'Ticket field: price' },
  status: { id: 'order.success.status', defaultMessage: 'Status', description: 'Ticket field: status' },
  amounts: { id: 'order.success.amounts', defaultMessage: 'Płatność', description: 'Heading of the amounts' },
  total: { id: 'order.success.total', defaultMessage: 'Wartość biletów', description: 'Amounts: total' },
  coupon: { id: 'order.success.coupon', defaultMessage: 'Kupon', description: 'Amounts: coupon part' },
  paid: { id: 'order.success.paid', defaultMessage: 'Zapłacono', description: 'Amounts: paid' },
  invoice: { id: 'order.success.invoice', defaultMessage: 'Faktura', description: 'Heading of the invoice data' },
  invoiceText: {
    id: 'order.success.invoiceText',
    defaultMessage: 'Fakturę wystawimy na dane podane w zamówieniu i wyślemy e-mailem.',
    description: 'Invoice note',
  },
  print: { id: 'order.success.print', defaultMessage: 'Drukuj bilety', description: 'Button: print the tickets' },
  myTickets: { id: 'order.success.myTickets', defaultMessage: 'Moje bilety', description: 'Link to the user tickets' },
  searchAgain: {
    id: 'order.success.searchAgain',
    defaultMessage: 'Wyszukaj kolejne połączenie',
    description: 'Link to the search',
  },
});

const valueMessages = defineMessages<{
  intro: { number: string; email: string };
  ticket: { number: string };
  couponCode: { code: string };
  vat: { vat: string };
  place: { postalCode: string; city: string };
}>({
  place: { id: 'order.success.place', defaultMessage: '{postalCode} {city}', description: 'Invoice: postal code and city' },
  intro: {
    id: 'order.success.intro',
    defaultMessage: 'Zamówienie {number} jest opłacone. Bilety wysłaliśmy na adres {email}.',
    description: 'Confirmation text with the order number and e-mail',
  },
  ticket: { id: 'order.success.ticket', defaultMessage: 'Bilet {number}', description: 'Heading of one ticket' },
  couponCode: { id: 'order.success.couponCode', defaultMessage: 'Kupon {code}', description: 'Amounts: coupon label' },
  vat: { id: 'order.success.vat', defaultMessage: 'NIP / numer VAT: {vat}', description: 'Invoice: tax number' },
});

function TicketCard({ ticket }: { ticket: OrderTicket }) {
  const intl = useIntl();
  const format = useFormatters();
  const status =
    ticket.status === 'returned' ? messages.returned : ticket.status === 'used' ? messages.used : messages.valid;
  const headingId = `ticket-${ticket.id}`;
  return (
    <li className={`ticket-card ticket-card--${ticket.status}`} aria-labelledby={headingId}>
      <h3 id={headingId} className="ticket-card__title">
        {intl.formatMessage(valueMessages.ticket, { number: ticket.number })}
      </h3>
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
          <dt>{intl.formatMessage(messages.price)}</dt>
          <dd>{format.money(ticket.price)}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage(messages.status)}</dt>
          <dd>{intl.formatMessage(status)}</dd>
        </div>
      </dl>
    </li>
  );
}

export function SuccessPage() {
  const intl = useIntl();
  const format = useFormatters();
  const localized = useLocalizedPath();
  const { id } = useParams();
  const lastOrder = useBookingStore((state) => state.placedHashId);
  const hashId = id ?? lastOrder;
  const order = useOrder(hashId);
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const title = intl.formatMessage(messages.title);
  usePageTitle(
    !hashId || (isApiError(order.error) && order.error.status === 404) ? intl.formatMessage(messages.notFound) : title,
  );

  if (!hashId || (isApiError(order.error) && order.error.status === 404)) {
    return (
      <section className="order-page order-outcome" aria-labelledby="success-title">
        <h1 id="success-title">{intl.formatMessage(messages.notFound)}</h1>
        <ButtonLink to={localized('/')}>{intl.formatMessage(messages.searchAgain)}</ButtonLink>
      </section>
    );
  }
  if (order.isError) {
    return (
      <section className="order-page order-outcome" aria-labelledby="success-title">
        <h1 id="success-title">{title}</h1>
        <p className="order-alert" role="alert">
          {intl.formatMessage(messages.failed)}
        </p>
      </section>
    );
  }
  if (!order.data) {
    return (
      <section className="order-page order-outcome" aria-labelledby="success-title">
        <h1 id="success-title">{title}</h1>
        <p role="status">{intl.formatMessage(messages.loading)}</p>
      </section>
    );
  }

  const data = order.data;
  if (data.status !== 'paid' && data.status !== 'returned') {
    return (
      <section className="order-page order-outcome" aria-labelledby="success-title">
        <h1 id="success-title">{intl.formatMessage(messages.notPaid)}</h1>
        <ButtonLink to={`${localized('/order/after-payment')}?hash_id=${encodeURIComponent(data.hash_id)}`}>
          {intl.formatMessage(messages.checkPayment)}
        </ButtonLink>
      </section>
    );
  }

  const couponPart = data.coupon?.amount ?? 0;
  return (
    <section className="order-page success-page" aria-labelledby="success-title">
      <h1 id="success-title">{title}</h1>
      <p>
        {/* The readable number; orders from before numbering keep showing their hash. */}
        {intl.formatMessage(valueMessages.intro, { number: data.number ?? data.hash_id, email: data.customer.email })}
      </p>

      <section className="order-section" aria-labelledby="success-trip">
        <h2 id="success-trip" className="order-section__title">
          {intl.formatMessage(messages.trip)}
        </h2>
        <TripSummary outbound={data.outbound} back={data.back ?? null} />
      </section>

      <section className="order-section" aria-labelledby="success-tickets">
        <h2 id="success-tickets" className="order-section__title">
          {intl.formatMessage(messages.tickets)}
        </h2>
        <p className="form-field__hint">{intl.formatMessage(messages.ticketsHint)}</p>
        <ul className="ticket-cards">
          {data.tickets.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} />
          ))}
        </ul>
      </section>

      <section className="order-section" aria-labelledby="success-amounts">
        <h2 id="success-amounts" className="order-section__title">
          {intl.formatMessage(messages.amounts)}
        </h2>
        <dl className="order-totals__list">
          <div>
            <dt>{intl.formatMessage(messages.total)}</dt>
            <dd>{format.money(data.total)}</dd>
          </div>
          {data.coupon ? (
            <div>
              <dt>{intl.formatMessage(valueMessages.couponCode, { code: data.coupon.code })}</dt>
              <dd>{format.money(-couponPart)}</dd>
            </div>
          ) : null}
          <div className="order-totals__to-pay">
            <dt>{intl.formatMessage(messages.paid)}</dt>
            <dd>{format.money(data.to_pay)}</dd>
          </div>
        </dl>
      </section>

      {data.invoice ? (
        <section className="order-section" aria-labelledby="success-invoice">
          <h2 id="success-invoice" className="order-section__title">
            {intl.formatMessage(messages.invoice)}
          </h2>
          <p>{intl.formatMessage(messages.invoiceText)}</p>
          <address className="success-page__invoice">
            {data.invoice.company_name}
            <br />
            {intl.formatMessage(valueMessages.vat, { vat: data.invoice.vat_number })}
            <br />
            {data.invoice.address}
            <br />
            {intl.formatMessage(valueMessages.place, { postalCode: data.invoice.postal_code, city: data.invoice.city })}
          </address>
          <InvoiceLinks invoices={invoicesOf(data)} hashId={data.hash_id} />
        </section>
      ) : null}

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
    </section>
  );
}
