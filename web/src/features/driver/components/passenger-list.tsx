// The course's passengers stop by stop: who boards there (and where to), who leaves there.
import { useId } from 'react';
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';

import type { Manifest, ManifestTicket } from '../api/driver-api';
import { useDriverStore } from '../stores/driver-store';

import { MovedFromMark } from './course-disruption-mark';
import { driverTexts, driverValues } from './driver-messages';

/** The states of a ticket someone travels on. */
const CARRIED = new Set(['valid', 'used']);

function stateText(state: string) {
  switch (state) {
    case 'used':
      return driverTexts.statusUsed;
    case 'returned':
      return driverTexts.statusReturned;
    case 'cancelled':
      return driverTexts.statusCancelled;
    default:
      return driverTexts.statusValid;
  }
}

export function PassengerList({ manifest }: { manifest: Manifest }) {
  const intl = useIntl();
  const id = useId();
  const { time } = useFormatters();
  const boarded = new Set(useDriverStore((state) => state.boarded));
  const state = (ticket: ManifestTicket) => (boarded.has(ticket.number) ? 'used' : ticket.status);
  return (
    <section className="driver-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{intl.formatMessage(driverTexts.passengers)}</h2>
      <ol className="driver-stops">
        {manifest.stops.map((stop) => {
          const listed = manifest.tickets.filter((ticket) => ticket.from_waypoint_id === stop.waypoint_id);
          // Who boards: a returned or cancelled ticket stays listed with its state, but nobody boards on it.
          const on = listed.filter((ticket) => CARRIED.has(state(ticket)));
          const off = manifest.tickets.filter((ticket) => ticket.to_waypoint_id === stop.waypoint_id && CARRIED.has(state(ticket)));
          const label = intl.formatMessage(driverValues.stop, { time: time(stop.at), stop: stop.name });
          return (
            <li key={stop.waypoint_id} className="driver-stop" aria-label={label}>
              <h3 className="driver-stop__name">{label}</h3>
              <p className="driver-stop__what">{intl.formatMessage(driverValues.boardingCount, { count: on.length })}</p>
              {listed.length > 0 ? (
                <ul className="driver-stop__tickets" aria-label={intl.formatMessage(driverValues.boardingCount, { count: on.length })}>
                  {listed.map((ticket) => (
                    <li key={ticket.number} className={`driver-ticket driver-ticket--${state(ticket)}`}>
                      {ticket.discount_name
                        ? intl.formatMessage(driverValues.passengerDiscount, { number: ticket.number, passenger: ticket.passenger, to: ticket.to_name, discount: ticket.discount_name })
                        : intl.formatMessage(driverValues.passenger, { number: ticket.number, passenger: ticket.passenger, to: ticket.to_name })}
                      <span className="driver-ticket__state">{intl.formatMessage(stateText(state(ticket)))}</span>
                      <MovedFromMark ticket={ticket} />
                    </li>
                  ))}
                </ul>
              ) : null}
              {off.length > 0 ? (
                <p className="driver-stop__what">
                  {intl.formatMessage(driverValues.leavingList, {
                    tickets: off.map((ticket) => intl.formatMessage(driverValues.leaves, { number: ticket.number, from: ticket.from_name })).join(', '),
                  })}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
