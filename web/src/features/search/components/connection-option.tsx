import { defineMessages, useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';

import type { Connection } from '../api/search-connections';

import { CancelledConnection, ConnectionDelay } from './connection-disruption';

// Typed placeholders: formatMessage() must pass exactly these values.
const valueMessages = defineMessages<{ duration: { hours: number; minutes: number }; seats: { seats: number }; price: { price: string }; route: { route: string }; times: { departure: string; arrival: string }; timesSpoken: { departure: string; arrival: string }; stops: { from: string; to: string } }>({
  duration: {
    id: 'search.connection.duration',
    defaultMessage: '{hours, plural, =0 {{minutes} min} one {# godz. {minutes} min} other {# godz. {minutes} min}}',
    description: 'Travel time of a connection, e.g. "3 godz. 55 min"',
  },
  seats: {
    id: 'search.connection.seats',
    defaultMessage:
      '{seats, plural, =0 {Brak wolnych miejsc} one {# wolne miejsce} few {# wolne miejsca} many {# wolnych miejsc} other {# wolnego miejsca}}',
    description: 'Seats left on a connection',
  },
  price: {
    id: 'search.connection.price',
    defaultMessage: 'Cena: {price}',
    description: 'Full-fare price of one ticket, e.g. "Cena: 39,00 zł"',
  },
  route: {
    id: 'search.connection.route',
    defaultMessage: 'Linia {route}',
    description: 'The line a connection belongs to, e.g. "Linia Nisko – Kraków"',
  },
  times: {
    id: 'search.connection.times',
    defaultMessage: '{departure} → {arrival}',
    description: 'Departure and arrival time of a connection, e.g. "07:30 → 11:25"',
  },
  timesSpoken: {
    id: 'search.connection.timesSpoken',
    defaultMessage: 'odjazd {departure}, przyjazd {arrival}',
    description: 'The same times as read by a screen reader',
  },
  stops: {
    id: 'search.connection.stops',
    defaultMessage: '{from} – {to}',
    description: 'Boarding and destination stop of a connection',
  },
});

interface ConnectionOptionProps {
  connection: Connection;
  name: string;
  checked: boolean;
  onSelect: () => void;
}

/** One connection as a radio option: times, travel time, stops, line, seats left and price. */
export function ConnectionOption({ connection, name, checked, onSelect }: ConnectionOptionProps) {
  const intl = useIntl();
  const format = useFormatters();
  // Cancelled (issue 28): shown with its reason, never choosable.
  if (connection.cancelled) return <CancelledConnection connection={connection} />;
  const soldOut = connection.seats_available <= 0;
  const hours = Math.floor(connection.duration_minutes / 60);
  const minutes = connection.duration_minutes % 60;
  const times = { departure: format.time(connection.departure_at), arrival: format.time(connection.arrival_at) };

  return (
    <li className="connection">
      <label className={`connection__label${soldOut ? ' connection__label--sold-out' : ''}`}>
        <input
          type="radio"
          className="connection__radio"
          name={name}
          value={connection.course_id}
          checked={checked}
          disabled={soldOut}
          onChange={onSelect}
        />
        <span className="connection__times">
          <span aria-hidden="true">{intl.formatMessage(valueMessages.times, times)}</span>
          <span className="visually-hidden">{intl.formatMessage(valueMessages.timesSpoken, times)}</span>
        </span>
        <span className="connection__duration">{intl.formatMessage(valueMessages.duration, { hours, minutes })}</span>
        <span className="connection__stops">
          {intl.formatMessage(valueMessages.stops, { from: connection.from.name, to: connection.to.name })}
        </span>
        <span className="connection__route">{intl.formatMessage(valueMessages.route, { route: connection.route_name })}</span>
        {/* Polite: a change of the seats left (the list refreshes every minute) is read out once. */}
        <span className="connection__seats" aria-live="polite" aria-atomic="true">
          {intl.formatMessage(valueMessages.seats, { seats: Math.max(0, connection.seats_available) })}
        </span>
        <span className="connection__price">{intl.formatMessage(valueMessages.price, { price: format.money(connection.price) })}</span>
        <ConnectionDelay connection={connection} />
      </label>
    </li>
  );
}
