import { describe, expect, it } from 'vitest';

import type { Disruption, DisruptionPassenger } from '../api/course-disruption';

import { canChooseFor } from './disruption';

const passenger = (over: Partial<DisruptionPassenger>): DisruptionPassenger =>
  ({
    order_id: 'o',
    order_number: 'NB-2026-000001',
    customer_name: 'Jan',
    email: null,
    phone: null,
    paid: true,
    paid_at_desk: false,
    tickets: 1,
    state: 'told',
    told_at: null,
    chosen_at: null,
    chosen_by: null,
    moved_to: null,
    refund_amount: null,
    compensation_owed: null,
    compensation_paid_at: null,
    ...over,
  });

describe('choosing for a passenger', () => {
  const offered = { choice_offered: true } as Disruption;

  it('is offered for a paid order told or still to tell, on a disruption that offers the choice', () => {
    expect(canChooseFor(offered, passenger({ state: 'told' }))).toBe(true);
    expect(canChooseFor(offered, passenger({ state: 'to_tell' }))).toBe(true);
    expect(canChooseFor({ choice_offered: false } as Disruption, passenger({}))).toBe(false);
    expect(canChooseFor(offered, passenger({ state: 'moved' }))).toBe(false);
  });

  it('is not offered for an order still waiting for its payment (the server refuses it)', () => {
    expect(canChooseFor(offered, passenger({ paid: false, state: 'told' }))).toBe(false);
  });
});
