// The order's timeline (`GET /order/order/timeline`): everything that happened to it, oldest first,
// from every stream that took part (the order's, the courses', the coupon's, the stamp card, the
// messages sent). Each entry says when (Warsaw time), who, and what in the page's language; the raw
// event is one disclosure away, for the cases the summary does not settle.
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';

import { timelineQuery, type TimelineEntry } from '../api/orders';
import { common } from '../messages/common-messages';
import { ACTOR_KINDS, orderTexts, orderValues } from '../messages/order-messages';

import { LoadFailed } from './load-failed';
import { OptionLabel } from './option-label';
import { Section } from './order-section';

function Actor({ actor }: { actor: TimelineEntry['actor'] }) {
  const kind = ACTOR_KINDS.find((option) => option.value === actor.kind);
  return (
    <>
      {kind ? <OptionLabel label={kind.label} /> : actor.kind}
      {actor.email ? <span className="admin-wrap admin-timeline__email">{actor.email}</span> : null}
    </>
  );
}

export function TimelineList({ entries }: { entries: TimelineEntry[] }) {
  const intl = useIntl();
  const { dateTime } = useFormatters();
  const english = intl.locale.startsWith('en');
  return (
    <ol className="admin-timeline">
      {entries.map((entry, index) => (
        <li key={`${entry.stream}-${entry.version ?? 'm'}-${index}`} className="admin-timeline__entry">
          <p className="admin-timeline__head">
            <time dateTime={entry.recorded_at}>{dateTime(entry.recorded_at)}</time>
            <span className="admin-tag" title={intl.formatMessage(orderTexts.stream)}>
              {entry.stream}
            </span>
          </p>
          <p className="admin-timeline__what">{english ? entry.summary_en : entry.summary}</p>
          <p className="admin-timeline__who">
            {intl.formatMessage(orderTexts.who)} <Actor actor={entry.actor} />
          </p>
          <details className="admin-timeline__event">
            <summary>{intl.formatMessage(orderValues.showEvent, { type: entry.type })}</summary>
            <pre className="admin-json">{JSON.stringify(entry.data, null, 2)}</pre>
          </details>
        </li>
      ))}
    </ol>
  );
}

export function OrderTimeline({ orderId }: { orderId: string }) {
  const intl = useIntl();
  const query = useQuery(timelineQuery(orderId));
  let body;
  if (query.isPending) body = <p role="status">{intl.formatMessage(common.loading)}</p>;
  else if (query.isError) body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0) body = <p className="admin-note">{intl.formatMessage(orderTexts.noEvents)}</p>;
  else body = <TimelineList entries={query.data} />;
  return <Section title={intl.formatMessage(orderTexts.timeline)}>{body}</Section>;
}
