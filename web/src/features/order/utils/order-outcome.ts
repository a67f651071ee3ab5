// What the paid order's page says in its heading (issue 39): a thank-you only while a ticket is left to
// travel on. Once every ticket is returned the order is "returned"; once every ticket is returned or on a
// course the carrier cancelled (and one is), "cancelled".
import type { Order } from '../api/get-order';

export type OrderOutcome = 'paid' | 'returned' | 'cancelled';

export function orderOutcome(order: Order): OrderOutcome {
  const { tickets } = order;
  if (tickets.length === 0) return order.status === 'returned' ? 'returned' : 'paid';
  const returned = (ticket: Order['tickets'][number]) => ticket.status === 'returned';
  const cancelled = (ticket: Order['tickets'][number]) => ticket.disruption?.status === 'cancelled';
  if (tickets.some(cancelled) && tickets.every((ticket) => returned(ticket) || cancelled(ticket))) return 'cancelled';
  if (tickets.every(returned) || order.status === 'returned') return 'returned';
  return 'paid';
}
