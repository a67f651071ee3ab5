import { defineMessages, useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';

export interface TripLeg {
  route_name: string;
  from_name: string;
  to_name: string;
  departure_at: string;
  arrival_at: string;
}

const messages = defineMessages({
  outbound: { id: 'order.trip.outbound', defaultMessage: 'Tam', description: 'Label of the outbound leg' },
  back: { id: 'order.trip.back', defaultMessage: 'Powrót', description: 'Label of the return leg' },
  oneWay: { id: 'order.trip.oneWay', defaultMessage: 'Przejazd', description: 'Label of the only leg of a one-way trip' },
});

const valueMessages = defineMessages<{
  departure: { time: string; stop: string };
  arrival: { time: string; stop: string };
  route: { route: string };
  heading: { leg: string; date: string };
}>({
  heading: { id: 'order.trip.heading', defaultMessage: '{leg}: {date}', description: 'A leg and its date, e.g. "Tam: sobota, 12 lipca 2026"' },
  departure: {
    id: 'order.trip.departure',
    defaultMessage: 'Odjazd {time} – {stop}',
    description: 'Departure time and boarding stop of a leg',
  },
  arrival: {
    id: 'order.trip.arrival',
    defaultMessage: 'Przyjazd {time} – {stop}',
    description: 'Arrival time and destination stop of a leg',
  },
  route: { id: 'order.trip.route', defaultMessage: 'Linia {route}', description: 'The line of a leg' },
});

interface TripSummaryProps {
  outbound: TripLeg;
  back?: TripLeg | null;
}

/** The chosen legs: date, departure and arrival with their stops, and the line. */
export function TripSummary({ outbound, back }: TripSummaryProps) {
  const intl = useIntl();
  const format = useFormatters();
  const legs: [string, TripLeg][] = back
    ? [
        [intl.formatMessage(messages.outbound), outbound],
        [intl.formatMessage(messages.back), back],
      ]
    : [[intl.formatMessage(messages.oneWay), outbound]];

  return (
    <dl className="trip-summary">
      {legs.map(([label, leg]) => (
        <div key={label} className="trip-summary__leg">
          <dt className="trip-summary__label">
            {intl.formatMessage(valueMessages.heading, { leg: label, date: format.date(leg.departure_at, 'full') })}
          </dt>
          <dd className="trip-summary__stop">
            {intl.formatMessage(valueMessages.departure, { time: format.time(leg.departure_at), stop: leg.from_name })}
          </dd>
          <dd className="trip-summary__stop">
            {intl.formatMessage(valueMessages.arrival, { time: format.time(leg.arrival_at), stop: leg.to_name })}
          </dd>
          <dd className="trip-summary__route">{intl.formatMessage(valueMessages.route, { route: leg.route_name })}</dd>
        </div>
      ))}
    </dl>
  );
}
