// Where the sending to KSeF stands, under the invoice list (from `GET /order/ksef-outage/all`, as the
// sender noted it after its last round): the interactive session in use, the calls left in KSeF's
// limits for the operations it has used (or that KSeF holds after a 429), and the oldest document
// KSeF does not hold yet. `coach finance ksef status` prints the same.
import { useId } from 'react';
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';

import type { KsefOutages } from '../api/ksef-outages';
import { ksefTexts } from '../messages/ksef-messages';
import { ksefSendingTexts as texts, ksefSendingValues as values } from '../messages/ksef-sending-messages';

import { TableScroll } from './table-scroll';

const WINDOWS = ['second', 'minute', 'hour'] as const;
type Sender = NonNullable<KsefOutages['sender']>;
type Operation = Sender['operations'][number];

export function KsefSending({ data }: { data: KsefOutages }) {
  const intl = useIntl();
  const titleId = useId();
  const { dateTime } = useFormatters();
  const { sender, oldest_not_in_ksef: oldest } = data;
  const used = (sender?.operations ?? []).filter((op) => op.calls > 0 || op.blocked_until);
  const state = (code: string) => (code === 'waiting' || code === 'offline' || code === 'sent' ? intl.formatMessage(ksefTexts[code]) : code);
  return (
    <section className="admin-subsection admin-ksef-sending" aria-labelledby={titleId}>
      <h2 id={titleId}>{intl.formatMessage(texts.heading)}</h2>
      {sender ? (
        <>
          <p className="admin-note">{intl.formatMessage(values.notedAt, { at: dateTime(sender.noted_at) })}</p>
          <p>
            {sender.session
              ? intl.formatMessage(values.session, { reference: sender.session.reference, opened: dateTime(sender.session.opened_at) })
              : intl.formatMessage(texts.noSession)}
          </p>
        </>
      ) : (
        <p className="admin-note">{intl.formatMessage(texts.noRound)}</p>
      )}
      <p>
        {oldest
          ? intl.formatMessage(values.oldest, { number: oldest.document_number, state: state(oldest.state), issued: dateTime(oldest.issued_at) })
          : intl.formatMessage(texts.allInKsef)}
      </p>
      {used.length > 0 ? <CallsLeft operations={used} /> : null}
    </section>
  );
}

/** The calls left of each operation used, per window ("22 z 24"), and a hold after a 429. */
function CallsLeft({ operations }: { operations: Operation[] }) {
  const intl = useIntl();
  const { dateTime } = useFormatters();
  const caption = intl.formatMessage(texts.callsLeft);
  return (
    <TableScroll label={caption}>
      <table className="admin-inline-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {(['operation', ...WINDOWS, 'made'] as const).map((key) => (
              <th key={key} scope="col">
                {intl.formatMessage(texts[key])}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {operations.map((op) => (
            <tr key={op.operation}>
              <th scope="row">
                {op.blocked_until ? intl.formatMessage(values.blocked, { operation: op.operation, until: dateTime(op.blocked_until) }) : op.operation}
              </th>
              {WINDOWS.map((label) => {
                const window = op.windows.find((w) => w.window === label);
                return <td key={label}>{window ? intl.formatMessage(values.left, { left: window.left, budget: window.budget }) : intl.formatMessage(texts.noWindow)}</td>;
              })}
              <td>{op.calls}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
