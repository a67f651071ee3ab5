// The order's timeline (`GET /order/order/timeline`): everything that happened to it, oldest first,
// from every stream that took part (the order's, the courses', the coupon's, the stamp card, the
// messages sent). Each entry says when (Warsaw time), who, and what in the page's language; the raw
// event is one disclosure away, for the cases the summary does not settle. Each entry is labelled by
// what it is about (the order, the course with its departure and route, the coupon, the message
// sent), never by its stream id or its event's class name. What the server left in one language inside a
// summary (its Polish reasons, who chose, ISO dates) is said in the page's (lib/server-words.ts).
import { useQuery } from '@tanstack/react-query';
import { useIntl, type IntlShape } from 'react-intl';

import { useFormatters } from '@/i18n/format';

import { timelineQuery, type TimelineEntry } from '../api/orders';
import { serverWords } from '../lib/server-words';
import { common } from '../messages/common-messages';
import { ACTOR_KINDS, orderTexts } from '../messages/order-messages';
import { timelineTexts, timelineValues } from '../messages/timeline-messages';

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

/** What an entry is about, in words: "Zamówienie", "Kurs 12.07.2026 07:30, Nisko – Kraków", "Kupon LATO". */
function subjectText(intl: IntlShape, dateTime: (instant: string) => string, subject: TimelineEntry['subject']): string {
  switch (subject.kind) {
    case 'order':
      return intl.formatMessage(timelineTexts.order);
    case 'course':
      return subject.departure_at && subject.route_name
        ? intl.formatMessage(timelineValues.course, { departure: dateTime(subject.departure_at), route: subject.route_name })
        : intl.formatMessage(timelineTexts.courseUnknown);
    case 'coupon':
      return intl.formatMessage(timelineValues.coupon, { code: subject.code ?? '' });
    case 'stamps':
      return intl.formatMessage(timelineTexts.stamps);
    case 'refund':
      return intl.formatMessage(timelineTexts.refund);
    case 'message':
      return intl.formatMessage(timelineTexts.message);
    default:
      return intl.formatMessage(timelineTexts.other);
  }
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
            <span className="admin-tag" title={intl.formatMessage(timelineTexts.subjectTitle)}>
              {subjectText(intl, dateTime, entry.subject)}
            </span>
          </p>
          <p className="admin-timeline__what">{serverWords(english ? entry.summary_en : entry.summary, intl)}</p>
          <p className="admin-timeline__who">
            {intl.formatMessage(orderTexts.who)} <Actor actor={entry.actor} />
          </p>
          <details className="admin-timeline__event">
            <summary>{intl.formatMessage(timelineTexts.details)}</summary>
            <pre className="admin-json">{JSON.stringify({ stream: entry.stream, type: entry.type, data: entry.data }, null, 2)}</pre>
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
