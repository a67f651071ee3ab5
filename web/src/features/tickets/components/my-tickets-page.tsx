// /user/your-tickets: the logged-in user's tickets, upcoming first (or all, newest first), paged.
import { useId, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useFormatters } from '@/i18n/format';
import { useLocalizedPath } from '@/i18n/use-locale';
import { invoicesOf } from '@/shared/api/invoice-summary';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { Button, ButtonLink } from '@/shared/ui/button';
import { InvoiceLinks } from '@/shared/ui/invoice-links';
import { TicketDisruption } from '@/shared/ui/ticket-disruption';

import { useMyTickets } from '../api/get-my-tickets';
import { legLabel, ticketStatusLabel } from '../utils/labels';

import { GuestOrdersOffer } from './guest-orders-offer';

import './tickets.css';

const PER_PAGE = 10;

const messages = defineMessages({
  title: { id: 'tickets.list.title', defaultMessage: 'Twoje bilety', description: 'Heading and title of the user tickets' },
  show: { id: 'tickets.list.show', defaultMessage: 'Pokaż', description: 'Label of the upcoming/all switch' },
  upcoming: { id: 'tickets.list.upcoming', defaultMessage: 'Nadchodzące podróże', description: 'Filter: upcoming tickets' },
  all: { id: 'tickets.list.all', defaultMessage: 'Wszystkie bilety', description: 'Filter: all tickets' },
  loading: { id: 'tickets.list.loading', defaultMessage: 'Wczytuję bilety…', description: 'Status while loading' },
  failed: {
    id: 'tickets.list.failed',
    defaultMessage: 'Nie udało się wczytać biletów.',
    description: 'The ticket list could not be loaded',
  },
  retry: { id: 'tickets.list.retry', defaultMessage: 'Spróbuj ponownie', description: 'Button: load again' },
  noneUpcoming: {
    id: 'tickets.list.noneUpcoming',
    defaultMessage: 'Nie masz zaplanowanych podróży.',
    description: 'No upcoming tickets',
  },
  none: { id: 'tickets.list.none', defaultMessage: 'Nie masz jeszcze żadnych biletów.', description: 'No tickets at all' },
  search: { id: 'tickets.list.search', defaultMessage: 'Wyszukaj połączenie', description: 'Link to the search' },
  pages: { id: 'tickets.list.pages', defaultMessage: 'Strony listy biletów', description: 'Label of the pagination' },
  previous: { id: 'tickets.list.previous', defaultMessage: 'Poprzednia strona', description: 'Pagination: previous' },
  next: { id: 'tickets.list.next', defaultMessage: 'Następna strona', description: 'Pagination: next' },
  returnTicket: {
    id: 'tickets.list.returnTicket',
    defaultMessage: 'Zwrot biletu',
    description: 'Link to the return form',
  },
  stamps: { id: 'tickets.list.stamps', defaultMessage: 'Twoje pieczątki', description: 'Link to the stamps page' },
});

const valueMessages = defineMessages<{
  ticket: { number: string };
  stops: { from: string; to: string };
  departs: { date: string; time: string };
  page: { page: number; pages: number };
  price: { price: string };
  leg: { leg: string; route: string };
  order: { number: string };
}>({
  ticket: { id: 'tickets.list.ticket', defaultMessage: 'Bilet {number}', description: 'Heading of one ticket' },
  stops: { id: 'tickets.list.stops', defaultMessage: '{from} → {to}', description: 'The stops of a ticket' },
  departs: {
    id: 'tickets.list.departs',
    defaultMessage: 'Odjazd {date}, {time}',
    description: 'Departure date and time of a ticket',
  },
  page: { id: 'tickets.list.page', defaultMessage: 'Strona {page} z {pages}', description: 'Pagination: where we are' },
  price: { id: 'tickets.list.price', defaultMessage: 'Cena: {price}', description: 'Price of a ticket' },
  leg: { id: 'tickets.list.leg', defaultMessage: '{leg} · linia {route}', description: 'The leg and line of a ticket' },
  order: {
    id: 'tickets.list.order',
    defaultMessage: 'Zamówienie {number}',
    description: 'The readable number of the ticket’s order, e.g. "Zamówienie NB-2026-000123"',
  },
});

export function MyTicketsPage() {
  const intl = useIntl();
  const format = useFormatters();
  const localized = useLocalizedPath();
  const id = useId();
  const title = intl.formatMessage(messages.title);
  usePageTitle(title);
  const [upcoming, setUpcoming] = useState(true);
  const [page, setPage] = useState(1);
  const tickets = useMyTickets({ page, perPage: PER_PAGE, upcoming });

  function show(next: boolean) {
    setUpcoming(next);
    setPage(1);
  }

  const data = tickets.data;
  return (
    <section className="tickets-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{title}</h1>
      <div className="tickets-page__links">
        <Link to={localized('/user/stamps')}>{intl.formatMessage(messages.stamps)}</Link>
        <Link to={localized('/user/return-ticket')}>{intl.formatMessage(messages.returnTicket)}</Link>
      </div>

      <GuestOrdersOffer />

      <div className="tickets-filter" role="group" aria-label={intl.formatMessage(messages.show)}>
        <Button variant={upcoming ? 'primary' : 'secondary'} aria-pressed={upcoming} onClick={() => show(true)}>
          {intl.formatMessage(messages.upcoming)}
        </Button>
        <Button variant={upcoming ? 'secondary' : 'primary'} aria-pressed={!upcoming} onClick={() => show(false)}>
          {intl.formatMessage(messages.all)}
        </Button>
      </div>

      {tickets.isPending ? <p role="status">{intl.formatMessage(messages.loading)}</p> : null}
      {tickets.isError ? (
        <div className="tickets-page__error" role="alert">
          <p>{intl.formatMessage(messages.failed)}</p>
          <Button variant="secondary" onClick={() => void tickets.refetch()}>
            {intl.formatMessage(messages.retry)}
          </Button>
        </div>
      ) : null}

      {data && data.models.length === 0 ? (
        <div className="tickets-page__empty">
          <p>{intl.formatMessage(upcoming ? messages.noneUpcoming : messages.none)}</p>
          <ButtonLink to={localized('/')}>{intl.formatMessage(messages.search)}</ButtonLink>
        </div>
      ) : null}

      {data && data.models.length > 0 ? (
        <ul className="my-tickets" aria-labelledby={`${id}-title`} aria-busy={tickets.isFetching}>
          {data.models.map((ticket) => {
            const headingId = `${id}-${ticket.id}`;
            return (
              <li key={ticket.id} className={`my-ticket my-ticket--${ticket.status}`} aria-labelledby={headingId}>
                <h2 id={headingId} className="my-ticket__title">
                  <Link to={localized(`/user/your-tickets/${encodeURIComponent(ticket.id)}`)}>
                    {intl.formatMessage(valueMessages.ticket, { number: ticket.number })}
                  </Link>
                </h2>
                <p className="my-ticket__stops">
                  {intl.formatMessage(valueMessages.stops, { from: ticket.from_name, to: ticket.to_name })}
                </p>
                <p className="my-ticket__when">
                  {intl.formatMessage(valueMessages.departs, {
                    date: format.date(ticket.departure_at, 'full'),
                    time: format.time(ticket.departure_at),
                  })}
                </p>
                <p className="my-ticket__meta">
                  {intl.formatMessage(valueMessages.leg, {
                    leg: intl.formatMessage(legLabel(ticket.leg)),
                    route: ticket.route_name,
                  })}
                </p>
                {ticket.order_number ? (
                  <p className="my-ticket__meta">
                    {intl.formatMessage(valueMessages.order, { number: ticket.order_number })}
                  </p>
                ) : null}
                <TicketDisruption disruption={ticket.disruption} departureAt={ticket.departure_at} />
                <InvoiceLinks invoices={invoicesOf(ticket)} className="my-ticket__meta invoice-links" />
                <p className="my-ticket__status">
                  <span className={`badge badge--${ticket.status}`}>
                    {intl.formatMessage(ticketStatusLabel(ticket.status, ticket.order_status))}
                  </span>
                  <span>{intl.formatMessage(valueMessages.price, { price: format.money(ticket.price) })}</span>
                </p>
              </li>
            );
          })}
        </ul>
      ) : null}

      {data && data.pagination.pageCount > 1 ? (
        <nav className="pagination" aria-label={intl.formatMessage(messages.pages)}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
            {intl.formatMessage(messages.previous)}
          </Button>
          <span aria-live="polite">
            {intl.formatMessage(valueMessages.page, { page: data.pagination.page, pages: data.pagination.pageCount })}
          </span>
          <Button
            variant="secondary"
            disabled={page >= data.pagination.pageCount}
            onClick={() => setPage((p) => Math.min(data.pagination.pageCount, p + 1))}
          >
            {intl.formatMessage(messages.next)}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
