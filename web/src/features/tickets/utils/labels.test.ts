import { describe, expect, it } from 'vitest';

import { ticketStatusTexts } from '@/shared/ui/status-words';

import { ticketStatusLabel } from './labels';

describe('ticketStatusLabel', () => {
  it('names each state the server writes, a cancelled order’s ticket as cancelled, not valid', () => {
    expect(ticketStatusLabel('valid', 'paid')).toBe(ticketStatusTexts.valid);
    expect(ticketStatusLabel('returned', 'returned')).toBe(ticketStatusTexts.returned);
    expect(ticketStatusLabel('used', 'paid')).toBe(ticketStatusTexts.used);
    expect(ticketStatusLabel('cancelled', 'cancelled')).toBe(ticketStatusTexts.cancelled);
  });

  it('calls a ticket of an order not paid yet pending, whatever its state', () => {
    expect(ticketStatusLabel('valid', 'pending_payment')).toBe(ticketStatusTexts.pending);
  });
});
