// A ticket whose course was cancelled or is late (issues 28, 39): what happened and why, when a late
// course is now expected to leave, and while the choice is open (until `choice_until`), the link to the
// page where the passenger chooses another course or the refund (the page the e-mail links to; its
// address differs by language). Shown on the order's page (/order/success/{id}, a guest's only page)
// and on the customer's tickets.
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useFormatters } from '@/i18n/format';
import { useLocale, useLocalizedPath } from '@/i18n/use-locale';

import type { ApiSchema } from '../api/schema';
import { disruptionPath, minutesLater, shortDateTime } from '../lib/passenger-paths';
import './passenger-info.css';

export type TicketDisruptionData = ApiSchema<'TicketDisruption'>;

const texts = defineMessages({
  cancelled: { id: 'tickets.disruption.cancelled', defaultMessage: 'Kurs odwołany', description: 'Notice: the ticket course was cancelled' },
  choose: { id: 'tickets.disruption.choose', defaultMessage: 'Wybierz: inny kurs lub zwrot', description: 'Link to the choice page (no deadline known)' },
});

const values = defineMessages<{
  delayed: { minutes: number };
  reason: { reason: string };
  expected: { at: string };
  chooseUntil: { date: string };
}>({
  delayed: { id: 'tickets.disruption.delayed', defaultMessage: 'Kurs opóźniony o {minutes} min', description: 'Notice: the ticket course is late' },
  reason: { id: 'tickets.disruption.reason', defaultMessage: 'Powód: {reason}', description: 'Why the course was cancelled or is late' },
  expected: {
    id: 'tickets.disruption.expected',
    defaultMessage: 'Przewidywany odjazd: {at}',
    description: 'Notice: when the late course is now expected to leave the passenger stop, e.g. "27.11.2026 14:30"',
  },
  chooseUntil: {
    id: 'tickets.disruption.chooseUntil',
    defaultMessage: 'Wybierz: inny kurs lub zwrot (do {date})',
    description: 'Link to the choice page, with the last moment of the choice, e.g. "11.12.2026 10:00"',
  },
});

/**
 * The notice of one ticket. `departureAt` is the ticket's scheduled departure from its own stop: a
 * late course leaves it later by the delay (the disruption's `expected_departure_at` is the first
 * stop's, where the passenger may not board).
 */
export function TicketDisruption({ disruption, departureAt }: { disruption: TicketDisruptionData | null | undefined; departureAt: string }) {
  const intl = useIntl();
  const format = useFormatters();
  const locale = useLocale();
  const localized = useLocalizedPath();
  if (!disruption) return null;
  const delayed = disruption.status !== 'cancelled';
  const minutes = disruption.delay_minutes ?? null;
  const expected = !delayed ? null : minutes !== null ? minutesLater(departureAt, minutes) : (disruption.expected_departure_at ?? null);
  return (
    <div className={`ticket-disruption ticket-disruption--${delayed ? 'delayed' : 'cancelled'}`} role="note">
      <p className="ticket-disruption__what">
        {delayed ? intl.formatMessage(values.delayed, { minutes: minutes ?? 0 }) : intl.formatMessage(texts.cancelled)}
      </p>
      {expected ? <p>{intl.formatMessage(values.expected, { at: shortDateTime(format, expected) })}</p> : null}
      {disruption.reason ? <p>{intl.formatMessage(values.reason, { reason: disruption.reason })}</p> : null}
      {disruption.choice_open && disruption.token ? (
        <p>
          <Link to={localized(disruptionPath(locale, disruption.token))}>
            {disruption.choice_until
              ? intl.formatMessage(values.chooseUntil, { date: shortDateTime(format, disruption.choice_until) })
              : intl.formatMessage(texts.choose)}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
