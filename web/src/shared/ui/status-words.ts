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
  cancelled: { id: 'tickets.status.cancelled', defaultMessage: 'Anulowany', description: 'Ticket status: its order was cancelled' },
  pending: {
    id: 'tickets.status.pending',
    defaultMessage: 'Oczekuje na płatność',
    description: 'Ticket of an order that is not paid yet',
  },
});

/** A complaint's `state` as its customer reads it (`received`, `acknowledged`, `accepted`, `rejected`, `answered`). */
export const complaintStateTexts = defineMessages({
  // Not "przyjęta", which reads as accepted: the complaint has only arrived.
  received: { id: 'complaints.state.received', defaultMessage: 'otrzymana', description: 'Complaint state: received (arrived, not decided yet; not "accepted")' },
  acknowledged: { id: 'complaints.state.acknowledged', defaultMessage: 'rozpatrywana', description: 'Complaint state: under consideration' },
  accepted: { id: 'complaints.state.accepted', defaultMessage: 'uwzględniona', description: 'Complaint state: accepted' },
  rejected: { id: 'complaints.state.rejected', defaultMessage: 'nieuwzględniona', description: 'Complaint state: rejected' },
  answered: { id: 'complaints.state.answered', defaultMessage: 'rozpatrzona, z odpowiedzią', description: 'Complaint state: answered' },
});

/** How the office received a complaint it filed for a passenger (`received_via`: `phone`, `letter`, `desk`). */
export const complaintViaTexts = defineMessages({
  phone: { id: 'complaints.via.phone', defaultMessage: 'telefon', description: 'The office received the complaint by phone' },
  letter: { id: 'complaints.via.letter', defaultMessage: 'list', description: 'The office received the complaint by letter' },
  desk: { id: 'complaints.via.desk', defaultMessage: 'w kasie', description: 'The passenger came to the ticket desk with the complaint' },
});

export const complaintViaValues = defineMessages<{ filedByOffice: { via: string } }>({
  filedByOffice: {
    id: 'complaints.via.filedByOffice',
    defaultMessage: 'Zgłoszona przez biuro ({via})',
    description: 'A complaint the office filed for a passenger who phoned, wrote or came to the desk; {via} says how',
  },
});

/** The words of `code` in `texts`, or `null` for a code they do not name (shown then as sent). */
export function wordsFor(texts: Readonly<Record<string, MessageDescriptor>>, code: string): MessageDescriptor | null {
  return Object.hasOwn(texts, code) ? (texts[code] ?? null) : null;
}
