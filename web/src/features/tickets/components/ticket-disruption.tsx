// A ticket whose course was cancelled or is late (issue 28): what happened and why, and while the
// choice is open, the link to the page where the passenger chooses another course or the refund (the
// same page the e-mail links to; its address differs by language).
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useLocale, useLocalizedPath } from '@/i18n/use-locale';

import type { MyTicket } from '../api/get-my-tickets';
import { disruptionPath } from '../utils/disruption-path';

const texts = defineMessages({
  cancelled: { id: 'tickets.disruption.cancelled', defaultMessage: 'Kurs odwołany', description: 'Notice: the ticket course was cancelled' },
  choose: { id: 'tickets.disruption.choose', defaultMessage: 'Wybierz inny kurs lub zwrot pieniędzy', description: 'Link to the choice page' },
});

const values = defineMessages<{ delayed: { minutes: number }; reason: { reason: string } }>({
  delayed: { id: 'tickets.disruption.delayed', defaultMessage: 'Kurs opóźniony o {minutes} min', description: 'Notice: the ticket course is late' },
  reason: { id: 'tickets.disruption.reason', defaultMessage: 'Powód: {reason}', description: 'Why the course was cancelled or is late' },
});

export function TicketDisruption({ disruption }: { disruption: MyTicket['disruption'] }) {
  const intl = useIntl();
  const locale = useLocale();
  const localized = useLocalizedPath();
  if (!disruption) return null;
  return (
    <div className={`ticket-disruption ticket-disruption--${disruption.status}`} role="note">
      <p className="ticket-disruption__what">
        {disruption.status === 'cancelled'
          ? intl.formatMessage(texts.cancelled)
          : intl.formatMessage(values.delayed, { minutes: disruption.delay_minutes ?? 0 })}
      </p>
      {disruption.reason ? <p>{intl.formatMessage(values.reason, { reason: disruption.reason })}</p> : null}
      {disruption.choice_open && disruption.token ? (
        <Link to={localized(disruptionPath(locale, disruption.token))}>{intl.formatMessage(texts.choose)}</Link>
      ) : null}
    </div>
  );
}
