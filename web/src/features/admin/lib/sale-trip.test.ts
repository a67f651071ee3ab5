// A desk sale of several seats asks each passenger's name (the office manager's defect 12: every printed
// ticket named the buyer): what the sale sends of the names, seat by seat.
import { describe, expect, it } from 'vitest';

import { asksNames, emptyTrip, lineNames, saleTickets, tripTickets, type SaleLine, type SaleTrip } from './sale-trip';

const line = (qty: string, passengers: string[] = [], discount_id = ''): SaleLine => ({ qty, discount_id, passengers });
const trip = (...lines: SaleLine[]): SaleTrip => ({ ...emptyTrip('2026-12-01'), lines });

describe('the names of a desk sale', () => {
  it('are asked for a sale of more than one seat, on one line or several', () => {
    expect(asksNames(trip(line('1')))).toBe(false);
    expect(asksNames(trip(line('2')))).toBe(true);
    expect(asksNames(trip(line('1'), line('1')))).toBe(true);
    // A line that is not yet a number of passengers counts for none.
    expect(asksNames(trip(line('1'), line('x')))).toBe(false);
  });

  it('are sent seat by seat: trimmed, one per seat at most, the empty ones at the end left out', () => {
    expect(lineNames(line('3', [' Adam Nowak ', '', 'Ewa Nowak', 'Piąty Nadmiarowy']))).toEqual(['Adam Nowak', '', 'Ewa Nowak']);
    expect(lineNames(line('3', ['Adam Nowak', ' ', '']))).toEqual(['Adam Nowak']);
    expect(lineNames(line('2'))).toEqual([]);
    expect(lineNames(line('0', ['Adam']))).toEqual([]);
  });

  it("go with their line to the sale, and a line without any sends none (its seats are the buyer's)", () => {
    expect(saleTickets(trip(line('2', ['Adam Nowak', 'Ewa Nowak'], '3'), line('1')))).toEqual([
      { qty: 2, discount_id: 3, passengers: ['Adam Nowak', 'Ewa Nowak'] },
      { qty: 1, discount_id: null },
    ]);
  });

  it('are not sent for a single seat, whatever was typed before the count changed', () => {
    expect(saleTickets(trip(line('1', ['Adam Nowak', 'Ewa Nowak'])))).toEqual([{ qty: 1, discount_id: null }]);
  });

  it('do not change what the trip is priced for', () => {
    const named = trip(line('2', ['Adam Nowak', 'Ewa Nowak']));
    expect(tripTickets(named)).toEqual([{ qty: 2, discount_id: null }]);
    expect(saleTickets(trip(line('51')))).toBeNull();
  });
});
