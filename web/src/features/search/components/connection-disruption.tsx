// A search result's course that is cancelled or late (issue 28). A cancelled course stays in the
// results so whoever looked for it learns why it is gone, but as a plain row: no radio, nothing to
// choose. A late one keeps its row and says by how much.
import { defineMessages, useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';

import type { Connection } from '../api/search-connections';
import './connection-disruption.css';

const texts = defineMessages({
  cancelled: { id: 'search.connection.cancelled', defaultMessage: 'Kurs odwołany', description: 'Marks a cancelled course in the search results' },
});

const values = defineMessages<{ times: { departure: string; arrival: string }; stops: { from: string; to: string }; delayed: { minutes: number } }>({
  times: { id: 'search.connection.cancelledTimes', defaultMessage: 'Odjazd {departure}, przyjazd {arrival}', description: 'The times of a cancelled course' },
  stops: { id: 'search.connection.cancelledStops', defaultMessage: '{from} – {to}', description: 'The stops of a cancelled course' },
  delayed: { id: 'search.connection.delayed', defaultMessage: 'Opóźniony o {minutes} min', description: 'A late course, e.g. "Opóźniony o 25 min"' },
});

/** A cancelled course as a result that cannot be chosen, with the carrier's reason. */
export function CancelledConnection({ connection }: { connection: Connection }) {
  const intl = useIntl();
  const { time } = useFormatters();
  return (
    <li className="connection connection--cancelled">
      <div className="connection__cancelled">
        <span className="connection__cancelled-mark">{intl.formatMessage(texts.cancelled)}</span>
        <span className="connection__cancelled-times">
          {intl.formatMessage(values.times, { departure: time(connection.departure_at), arrival: time(connection.arrival_at) })}
        </span>
        <span className="connection__cancelled-stops">{intl.formatMessage(values.stops, { from: connection.from.name, to: connection.to.name })}</span>
        {connection.disruption_reason ? <span className="connection__cancelled-reason">{connection.disruption_reason}</span> : null}
      </div>
    </li>
  );
}

/** "Opóźniony o 25 min" on a late course's row; nothing on a punctual one. */
export function ConnectionDelay({ connection }: { connection: Connection }) {
  const intl = useIntl();
  if (!connection.delay_minutes) return null;
  return <span className="connection__delay">{intl.formatMessage(values.delayed, { minutes: connection.delay_minutes })}</span>;
}
