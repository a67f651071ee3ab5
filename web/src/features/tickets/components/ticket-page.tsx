// /user/your-tickets/{id}: one of the user's tickets with its QR code (only while it is valid: a
// returned or used ticket shows its state instead), its change of course and its return.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';

import { useFormatters } from '@/i18n/format';
import { useLocalizedPath } from '@/i18n/use-locale';
import { invoicesOf } from '@/shared/api/invoice-summary';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { Button } from '@/shared/ui/button';
import { InvoiceRequest } from '@/shared/ui/invoice-request';
import { TicketDisruption } from '@/shared/ui/ticket-disruption';
import { WithTicketNumber } from '@/shared/ui/ticket-number';
import { TicketQr } from '@/shared/ui/ticket-qr';

import { myTicketsKey, useMyTicket } from '../api/get-my-tickets';
import { useTicketQr } from '../api/get-ticket-codes';
import type { ReturnedTicket } from '../api/return-ticket';
import { canReturn, legLabel, ticketStatusLabel } from '../utils/labels';

import { ChangeCourse } from './change-course';
import { ReturnConfirm, type ReturnWhere } from './return-confirm';
import { ReturnResult } from './return-result';
import './tickets.css';

const messages = defineMessages({
  back: { id: 'tickets.ticket.back', defaultMessage: 'Wróć do listy biletów', description: 'Link back to the list' },
  loading: { id: 'tickets.ticket.loading', defaultMessage: 'Wczytuję bilet…', description: 'Status while loading' },
  notFound: { id: 'tickets.ticket.notFound', defaultMessage: 'Nie znaleziono biletu', description: 'Unknown ticket' },
  failed: {
    id: 'tickets.ticket.failed',
    defaultMessage: 'Nie udało się wczytać biletu.',
    description: 'The ticket could not be loaded',
  },
  number: { id: 'tickets.ticket.number', defaultMessage: 'Numer biletu', description: 'Field: number' },
  code: { id: 'tickets.ticket.code', defaultMessage: 'Kod biletu', description: 'Field: code' },
  route: { id: 'tickets.ticket.route', defaultMessage: 'Linia', description: 'Field: line' },
  from: { id: 'tickets.ticket.from', defaultMessage: 'Odjazd', description: 'Field: departure' },
  to: { id: 'tickets.ticket.to', defaultMessage: 'Przyjazd', description: 'Field: arrival' },
  leg: { id: 'tickets.ticket.leg', defaultMessage: 'Kurs', description: 'Field: which leg' },
  price: { id: 'tickets.ticket.price', defaultMessage: 'Cena', description: 'Field: price' },
  discount: { id: 'tickets.ticket.discount', defaultMessage: 'Ulga', description: 'Field: the statutory discount' },
  passenger: { id: 'tickets.ticket.passenger', defaultMessage: 'Pasażer', description: 'Field: the passenger named on the ticket' },
  status: { id: 'tickets.ticket.status', defaultMessage: 'Status', description: 'Field: status' },
  order: { id: 'tickets.ticket.order', defaultMessage: 'Zamówienie', description: 'Field: the order' },
  returnTitle: { id: 'tickets.ticket.returnTitle', defaultMessage: 'Zwrot biletu', description: 'Heading of the return' },
  returnButton: { id: 'tickets.ticket.returnButton', defaultMessage: 'Zwróć bilet', description: 'Button: return' },
  qrVoidReturned: {
    id: 'tickets.ticket.qrVoidReturned',
    defaultMessage: 'Bilet zwrócony. Jego kod QR jest nieważny.',
    description: 'In place of the QR code of a returned ticket',
  },
  qrVoidUsed: {
    id: 'tickets.ticket.qrVoidUsed',
    defaultMessage: 'Bilet wykorzystany. Jego kod QR jest nieważny.',
    description: 'In place of the QR code of a used ticket',
  },
  cannotReturn: {
    id: 'tickets.ticket.cannotReturn',
    defaultMessage: 'Tego biletu nie można już zwrócić.',
    description: 'The ticket is past its return time or not valid',
  },
});

const valueMessages = defineMessages<{
  title: { number: string };
  at: { date: string; time: string; stop: string };
  discountValue: { discount: string };
}>({
  discountValue: {
    id: 'tickets.ticket.discountValue',
    defaultMessage: '{discount} – okaż kierowcy dokument uprawniający do ulgi',
    description: 'A discounted ticket: the discount and that the passenger shows their document',
  },
  title: { id: 'tickets.ticket.title', defaultMessage: 'Bilet {number}', description: 'Heading and title of a ticket' },
  at: { id: 'tickets.ticket.at', defaultMessage: '{date}, {time} – {stop}', description: 'A time and stop of a ticket' },
});

export function TicketPage() {
  const intl = useIntl();
  const format = useFormatters();
  const localized = useLocalizedPath();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const ticket = useMyTicket(id);
  const [now] = useState(() => Date.now());
  const [confirming, setConfirming] = useState(false);
  const [returned, setReturned] = useState<{ result: ReturnedTicket; where: ReturnWhere } | null>(null);
  // Returned here, or by the list's answer; `used` when the driver scanned it.
  const state = returned ? 'returned' : ticket.data?.status;
  // Only a valid ticket's QR code is asked for and shown.
  const qr = useTicketQr(state === 'valid' ? ticket.data?.hash_id : undefined, id);

  const data = ticket.data;
  const title = data
    ? intl.formatMessage(valueMessages.title, { number: data.number })
    : intl.formatMessage(ticket.isPending ? messages.loading : messages.notFound);
  usePageTitle(title);

  const backLink = (
    <Link className="tickets-page__back" to={localized('/user/your-tickets')}>
      {intl.formatMessage(messages.back)}
    </Link>
  );

  if (ticket.isPending) {
    return (
      <section className="tickets-page">
        {backLink}
        <p role="status">{intl.formatMessage(messages.loading)}</p>
      </section>
    );
  }
  if (ticket.isError || !data) {
    return (
      <section className="tickets-page" aria-labelledby="ticket-title">
        {backLink}
        <h1 id="ticket-title">{intl.formatMessage(messages.notFound)}</h1>
        {ticket.isError ? <p role="alert">{intl.formatMessage(messages.failed)}</p> : null}
      </section>
    );
  }

  const returnable = !returned && canReturn(data, now);

  return (
    <section className="tickets-page ticket-detail" aria-labelledby="ticket-title">
      {backLink}
      <h1 id="ticket-title"><WithTicketNumber text={title} number={data.number} /></h1>
      <TicketDisruption disruption={data.disruption} departureAt={data.departure_at} />
      <div className="ticket-detail__body">
        {state === 'returned' || state === 'used' ? (
          <p className="ticket-detail__void">
            {intl.formatMessage(state === 'used' ? messages.qrVoidUsed : messages.qrVoidReturned)}
          </p>
        ) : state === 'valid' && qr.data ? (
          <TicketQr svg={qr.data} number={data.number} />
        ) : null}
        <dl className="ticket-detail__facts">
          <div>
            <dt>{intl.formatMessage(messages.number)}</dt>
            <dd>{data.number}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage(messages.code)}</dt>
            <dd className="ticket-detail__code">{data.code}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage(messages.from)}</dt>
            <dd>
              {intl.formatMessage(valueMessages.at, {
                date: format.date(data.departure_at, 'full'),
                time: format.time(data.departure_at),
                stop: data.from_name,
              })}
            </dd>
          </div>
          <div>
            <dt>{intl.formatMessage(messages.to)}</dt>
            <dd>
              {intl.formatMessage(valueMessages.at, {
                date: format.date(data.arrival_at, 'full'),
                time: format.time(data.arrival_at),
                stop: data.to_name,
              })}
            </dd>
          </div>
          <div>
            <dt>{intl.formatMessage(messages.route)}</dt>
            <dd>{data.route_name}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage(messages.leg)}</dt>
            <dd>{intl.formatMessage(legLabel(data.leg))}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage(messages.price)}</dt>
            <dd>{format.money(data.price)}</dd>
          </div>
          {data.passenger_name ? (
            <div>
              <dt>{intl.formatMessage(messages.passenger)}</dt>
              <dd>{data.passenger_name}</dd>
            </div>
          ) : null}
          {data.discount_name ? (
            <div>
              <dt>{intl.formatMessage(messages.discount)}</dt>
              <dd>{intl.formatMessage(valueMessages.discountValue, { discount: data.discount_name })}</dd>
            </div>
          ) : null}
          <div>
            <dt>{intl.formatMessage(messages.status)}</dt>
            <dd>
              {intl.formatMessage(ticketStatusLabel(state ?? data.status, data.order_status))}
            </dd>
          </div>
          <div>
            <dt>{intl.formatMessage(messages.order)}</dt>
            <dd>
              {/* The hash is the link's secret; people read the order's number (older orders have none). */}
              <Link to={localized(`/order/success/${encodeURIComponent(data.hash_id)}`)}>
                {data.order_number ?? data.hash_id}
              </Link>
            </dd>
          </div>
        </dl>
      </div>

      {/* An order paid without an invoice: its owner may ask for one (until the VAT deadline). */}
      {data.order_status === 'paid' && invoicesOf(data).length === 0 ? (
        <InvoiceRequest number={data.number} onIssued={() => void queryClient.invalidateQueries({ queryKey: myTicketsKey })} />
      ) : null}

      {/* A cancelled course's tickets move through the disruption's choice instead. */}
      {state === 'valid' && data.order_status === 'paid' && data.disruption?.status !== 'cancelled' ? <ChangeCourse ticket={data} /> : null}

      <section className="ticket-detail__return" aria-labelledby="ticket-return-title">
        <h2 id="ticket-return-title">{intl.formatMessage(messages.returnTitle)}</h2>
        {returned ? (
          <ReturnResult result={returned.result} where={returned.where} level={3} />
        ) : confirming ? (
          // Stays until the answer: the ticket list refreshes meanwhile and already says "returned".
          <ReturnConfirm
            level={3}
            number={data.number}
            onReturned={(result, where) => {
              setReturned({ result, where });
              setConfirming(false);
            }}
            onCancel={() => setConfirming(false)}
          />
        ) : !returnable ? (
          <p>{intl.formatMessage(messages.cannotReturn)}</p>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {intl.formatMessage(messages.returnButton)}
          </Button>
        )}
      </section>
    </section>
  );
}
