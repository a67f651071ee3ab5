import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { formatDisplayText } from '@/shared/lib/display-text';
import { Button } from '@/shared/ui/button';
import { complaintStateTexts, orderStatusTexts, ticketStatusTexts, wordsFor } from '@/shared/ui/status-words';

import type { MyData } from '../api/my-data';
import { consentText, messageKindText } from '../lib/data-words';

import { privacyMessages as m, privacyValues as v } from './privacy-messages';

/** Everything held about a person, readable and printable: the account (when there is one), the orders
 * with their tickets and the consents given with them, the complaints and the messages sent, their
 * states and kinds in words; `actions` beside the print button. */
export function MyDataView({ data, actions }: { data: MyData; actions?: ReactNode }) {
  const intl = useIntl();
  const f = useFormatters();
  const at = (instant: string) => `${f.date(instant)} ${f.time(instant)}`;
  /** A state in the words of `texts`, or as sent when they do not name it. */
  const said = (texts: Parameters<typeof wordsFor>[0], code: string) => {
    const words = wordsFor(texts, code);
    return words ? intl.formatMessage(words) : code;
  };
  const none = <p>{intl.formatMessage(m.none)}</p>;
  const { account } = data;
  return (
    <div className="my-data">
      <p>{intl.formatMessage(v.generated, { when: at(data.generated_at) })}</p>
      {account ? (
        <>
          <h2>{intl.formatMessage(m.account)}</h2>
          <dl>
            <dt>{intl.formatMessage(m.emailLabel)}</dt>
            <dd>{account.email}</dd>
            <dt>{intl.formatMessage(m.nameLabel)}</dt>
            <dd>{[account.first_name, account.last_name].join(' ')}</dd>
            <dt>{intl.formatMessage(m.phoneLabel)}</dt>
            <dd>{account.phone}</dd>
          </dl>
        </>
      ) : null}
      <h2>{intl.formatMessage(m.orders)}</h2>
      {data.orders.length === 0
        ? none
        : data.orders.map((order) => (
            <section key={order.number} className="my-data__order">
              <h3>{intl.formatMessage(v.orderHeading, { number: order.number, date: f.date(order.placed_at), status: said(orderStatusTexts, order.status) })}</h3>
              <p>
                {intl.formatMessage(v.orderCustomer, {
                  name: [order.first_name, order.last_name].join(' '),
                  email: order.email,
                  phone: order.phone,
                })}
              </p>
              <p>
                {intl.formatMessage(v.orderTrip, {
                  route: order.route_name,
                  from: order.from_name,
                  to: order.to_name,
                  when: at(order.departure_at),
                  total: f.money(order.total),
                })}
              </p>
              {order.invoice ? <p>{Object.values(order.invoice).filter((value) => typeof value === 'string').join(', ')}</p> : null}
              <ul>
                {order.tickets.map((ticket) => {
                  const line = {
                    number: ticket.number,
                    from: ticket.from_name,
                    to: ticket.to_name,
                    when: at(ticket.departure_at),
                    status: said(ticketStatusTexts, ticket.status),
                  };
                  return (
                    <li key={ticket.number}>
                      {ticket.passenger_name
                        ? intl.formatMessage(v.ticketLinePassenger, { ...line, passenger: ticket.passenger_name })
                        : intl.formatMessage(v.ticketLine, line)}
                    </li>
                  );
                })}
              </ul>
              {/* None for a sale at the office's desk: nothing to say then. */}
              {order.consents.length > 0 ? (
                <>
                  <p>{intl.formatMessage(m.consents)}</p>
                  <ul>
                    {order.consents.map((consent) => (
                      <li key={consent.kind}>
                        {intl.formatMessage(v.consentLine, {
                          consent: formatDisplayText(intl, consentText(consent.kind)),
                          when: at(consent.given_at),
                        })}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </section>
          ))}
      <h2>{intl.formatMessage(m.complaints)}</h2>
      {data.complaints.length === 0
        ? none
        : data.complaints.map((complaint) => (
            <section key={complaint.number}>
              <h3>
                {intl.formatMessage(v.complaintHeading, {
                  number: complaint.number,
                  order: complaint.order_number,
                  date: f.date(complaint.filed_at),
                  state: said(complaintStateTexts, complaint.state),
                })}
              </h3>
              <p>{complaint.text}</p>
            </section>
          ))}
      <h2>{intl.formatMessage(m.messages)}</h2>
      {data.messages.length === 0 ? (
        none
      ) : (
        <ul>
          {data.messages.map((message) => (
            <li key={`${message.order_number}-${message.kind}`}>
              {intl.formatMessage(v.messageLine, {
                when: at(message.sent_at),
                order: message.order_number,
                kind: formatDisplayText(intl, messageKindText(message.kind)),
              })}
            </li>
          ))}
        </ul>
      )}
      <div className="form__actions">
        {actions}
        <Button variant="secondary" onClick={() => window.print()}>
          {intl.formatMessage(m.print)}
        </Button>
      </div>
    </div>
  );
}
