// The office manager's defect 14: a correction's line read "−1 szt. × 35,10 zł" against a 39,00 zł ticket,
// the fee nowhere. The panel spells it out from the correction's reason, its amount and the ticket's price.
import { describe, expect, it } from 'vitest';

import { returnCorrection } from './correction-line';

const tickets = [
  { number: 'NK-2026-000001', price: 3900 },
  { number: 'NK-2026-000002', price: 1800 },
];

describe('the correction of a returned ticket', () => {
  it('names the ticket, its price, the fee kept and what is given back', () => {
    expect(returnCorrection('Zwrot biletu NK-2026-000001', -3510, tickets)).toEqual({ number: 'NK-2026-000001', price: 3900, fee: 390, back: 3510 });
    // No fee (a cancelled course): the whole price back.
    expect(returnCorrection(' Zwrot biletu NK-2026-000002 ', -1800, tickets)).toEqual({ number: 'NK-2026-000002', price: 1800, fee: 0, back: 1800 });
  });

  it('is none for another correction, a ticket not on the order, or amounts that do not add up', () => {
    expect(returnCorrection('Anulowanie zamówienia: klient zrezygnował', -3900, tickets)).toBeNull();
    expect(returnCorrection('Zmiana danych nabywcy: literówka', 0, tickets)).toBeNull();
    expect(returnCorrection(null, -3510, tickets)).toBeNull();
    expect(returnCorrection('Zwrot biletu NK-2026-000009', -3510, tickets)).toBeNull();
    expect(returnCorrection('Zwrot biletu NK-2026-000002', -2000, tickets)).toBeNull();
    expect(returnCorrection('Zwrot biletu NK-2026-000001', 0, tickets)).toBeNull();
  });
});
