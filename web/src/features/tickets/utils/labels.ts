// How ticket states and legs are named on the user's screens.
import { defineMessages, type MessageDescriptor } from 'react-intl';

import { ticketStatusTexts } from '@/shared/ui/status-words';

const messages = defineMessages({
  outbound: { id: 'tickets.leg.outbound', defaultMessage: 'Tam', description: 'Ticket leg: outbound' },
  back: { id: 'tickets.leg.back', defaultMessage: 'Powrót', description: 'Ticket leg: return' },
});

export function ticketStatusLabel(status: string, orderStatus?: string): MessageDescriptor {
  if (orderStatus === 'pending_payment') return ticketStatusTexts.pending;
  if (status === 'returned') return ticketStatusTexts.returned;
  if (status === 'used') return ticketStatusTexts.used;
  if (status === 'cancelled') return ticketStatusTexts.cancelled;
  return ticketStatusTexts.valid;
}

export function legLabel(leg: string): MessageDescriptor {
  return leg.toLowerCase() === 'back' ? messages.back : messages.outbound;
}

/** Sales (and returns) close this long before departure (a *setting*, docs/settings.md; the backend decides). */
export const RETURN_CLOSES_MINUTES = 10;

/** Whether the ticket can still be offered for return at `now` (the backend checks again). */
export function canReturn(ticket: { status: string; order_status: string; departure_at: string }, now: number): boolean {
  return (
    ticket.status === 'valid' &&
    ticket.order_status === 'paid' &&
    Date.parse(ticket.departure_at) - RETURN_CLOSES_MINUTES * 60_000 > now
  );
}
