// How ticket states and legs are named on the user's screens.
import { defineMessages, type MessageDescriptor } from 'react-intl';

const messages = defineMessages({
  valid: { id: 'tickets.status.valid', defaultMessage: 'Ważny', description: 'Ticket status: valid' },
  returned: { id: 'tickets.status.returned', defaultMessage: 'Zwrócony', description: 'Ticket status: returned' },
  used: { id: 'tickets.status.used', defaultMessage: 'Wykorzystany', description: 'Ticket status: used' },
  pending: {
    id: 'tickets.status.pending',
    defaultMessage: 'Oczekuje na płatność',
    description: 'Ticket of an order that is not paid yet',
  },
  outbound: { id: 'tickets.leg.outbound', defaultMessage: 'Tam', description: 'Ticket leg: outbound' },
  back: { id: 'tickets.leg.back', defaultMessage: 'Powrót', description: 'Ticket leg: return' },
});

export function ticketStatusLabel(status: string, orderStatus?: string): MessageDescriptor {
  if (orderStatus === 'pending_payment') return messages.pending;
  if (status === 'returned') return messages.returned;
  if (status === 'used') return messages.used;
  return messages.valid;
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
