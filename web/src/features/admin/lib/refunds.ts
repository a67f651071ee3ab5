// What an order's refunds did with the money (docs/till.md, 'A refund waiting at the desk is paid out
// once'): given back is what actually went back to the customer (a gateway's refund once sent, a desk's
// once paid out there); a desk's refund not paid out yet still waits at the desk; a gateway's not sent yet
// (being tried, or refused) is neither.
import type { ApiSchema } from '@/shared/api/schema';

import type { DeskMethod } from '../api/till';

export type OrderRefund = ApiSchema<'GatewayRefund'>;

/** How a refund owed at the desk goes back: cash from the till, or to the card on the terminal; null for a gateway's. */
export function deskMethodOf(refund: Pick<OrderRefund, 'status'>): DeskMethod | null {
  if (refund.status === 'at_office') return 'cash';
  if (refund.status === 'at_terminal') return 'card_terminal';
  return null;
}

/** A desk refund not paid out yet. */
export const waitsAtDesk = (refund: OrderRefund) => deskMethodOf(refund) !== null && !refund.paid_out_at;

/** Money that went back to the customer: gateway refunds sent, desk refunds paid out. */
export const isGivenBack = (refund: OrderRefund) => (deskMethodOf(refund) ? Boolean(refund.paid_out_at) : refund.status === 'sent');

export interface RefundSums {
  /** Given back, grosz. */
  givenBack: number;
  /** Owed at the desk and not paid out yet, grosz. */
  atDesk: number;
}

export function refundSums(refunds: readonly OrderRefund[]): RefundSums {
  let givenBack = 0;
  let atDesk = 0;
  for (const refund of refunds) {
    if (isGivenBack(refund)) givenBack += refund.amount;
    else if (waitsAtDesk(refund)) atDesk += refund.amount;
  }
  return { givenBack, atDesk };
}
