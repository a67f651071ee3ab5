import { describe, expect, it } from 'vitest';

import { deskMethodOf, isGivenBack, refundSums, waitsAtDesk, type OrderRefund } from './refunds';

const refund = (status: string, amount: number, paidOutAt: string | null = null): OrderRefund => ({
  refund_id: `r-${status}-${amount}`,
  reason: 'Zwrot biletu',
  amount,
  amount_formatted: '',
  status,
  attempts: 0,
  created_at: '2026-11-27T10:00:00Z',
  ...(status === 'at_office' || status === 'at_terminal' ? { paid_out_at: paidOutAt } : {}),
});

describe("an order's refunds", () => {
  it('go back at the desk the way the order was paid there, or through the gateway', () => {
    expect([deskMethodOf(refund('at_office', 1)), deskMethodOf(refund('at_terminal', 1)), deskMethodOf(refund('sent', 1)), deskMethodOf(refund('pending', 1))]).toEqual([
      'cash',
      'card_terminal',
      null,
      null,
    ]);
  });

  it('count as given back only once sent or paid out; a desk refund not paid out waits there', () => {
    const refunds = [refund('sent', 1500), refund('pending', 700), refund('refused', 300), refund('at_office', 1000), refund('at_terminal', 400, '2026-11-27T12:00:00Z')];
    expect(refunds.map(isGivenBack)).toEqual([true, false, false, false, true]);
    expect(refunds.map(waitsAtDesk)).toEqual([false, false, false, true, false]);
    expect(refundSums(refunds)).toEqual({ givenBack: 1900, atDesk: 1000 });
    expect(refundSums([])).toEqual({ givenBack: 0, atDesk: 0 });
  });
});
