// The words for the states of orders, tickets and complaints, each said the same way on every screen
// that shows it: the customer's tickets, their complaints, the copy of their personal data (their own
// page and a guest's), and the panel's orders. Shared because features do not import each other.
import { defineMessages, type MessageDescriptor } from 'react-intl';

/** An order's `status` (`pending_payment`, `paid`, `expired`, `cancelled`, `returned`, `abandoned`). */
export const orderStatusTexts = defineMessages({
  pending_payment: { id: 'admin.order.statusPending', defaultMessage: 'Czeka na płatność', description: 'Order status' },
  paid: { id: 'admin.order.statusPaid', defaultMessage: 'Opłacone', description: 'Order status' },
  expired: { id: 'admin.order.statusExpired', defaultMessage: 'Wygasłe', description: 'Order status' },
  cancelled: { id: 'admin.order.statusCancelled', defaultMessage: 'Anulowane', description: 'Order status' },
  returned: { id: 'admin.order.statusReturned', defaultMessage: 'Zwrócone', description: 'Order status' },
  abandoned: { id: 'admin.order.statusAbandoned', defaultMessage: 'Porzucone', description: 'Order status' },
});

/** A ticket's `status` (`valid`, `returned`, `used`), and a ticket of an order not paid yet. */
export const ticketStatusTexts = defineMessages({
  valid: { id: 'tickets.status.valid', defaultMessage: 'Ważny', description: 'Ticket status: valid' },
  returned: { id: 'tickets.status.returned', defaultMessage: 'Zwrócony', description: 'Ticket status: returned' },
  used: { id: 'tickets.status.used', defaultMessage: 'Wykorzystany', description: 'Ticket status: used' },
  pending: {
    id: 'tickets.status.pending',
    defaultMessage: 'Oczekuje na płatność',
    description: 'Ticket of an order that is not paid yet',
  },
});

/** A complaint's `state` as its customer reads it (`received`, `acknowledged`, `accepted`, `rejected`, `answered`). */
export const complaintStateTexts = defineMessages({
  received: { id: 'complaints.state.received', defaultMessage: 'przyjęta', description: 'Complaint state: received' },
  acknowledged: { id: 'complaints.state.acknowledged', defaultMessage: 'rozpatrywana', description: 'Complaint state: under consideration' },
  accepted: { id: 'complaints.state.accepted', defaultMessage: 'uwzględniona', description: 'Complaint state: accepted' },
  rejected: { id: 'complaints.state.rejected', defaultMessage: 'nieuwzględniona', description: 'Complaint state: rejected' },
  answered: { id: 'complaints.state.answered', defaultMessage: 'rozpatrzona, z odpowiedzią', description: 'Complaint state: answered' },
});

/** The words of `code` in `texts`, or `null` for a code they do not name (shown then as sent). */
export function wordsFor(texts: Readonly<Record<string, MessageDescriptor>>, code: string): MessageDescriptor | null {
  return Object.hasOwn(texts, code) ? (texts[code] ?? null) : null;
}
