import { describe, expect, it } from 'vitest';

import type { Manifest, ManifestTicket } from '../api/driver-api';

import { codeDigest, decide, shownOf } from './offline-check';

const DEPARTURE = Date.parse('2026-12-01T07:30:00+01:00');
const CODE = 'K7QXAB23CD45';

async function ticket(number: string, status: string, code: string): Promise<ManifestTicket> {
  return {
    number,
    passenger: 'Jan Kowalski',
    from_waypoint_id: 1,
    from_name: 'Nisko',
    to_waypoint_id: 2,
    to_name: 'Kraków',
    discount_name: null,
    status,
    code_sha256: await codeDigest(code),
    used_at: null,
    moved_from_course: null,
  };
}

async function manifest(): Promise<Manifest> {
  return {
    course: {
      course_id: '0193a5b2-7c1d-7e4f-9a8b-1c2d3e4f5a6b',
      route_id: 1,
      route_name: 'Nisko – Kraków',
      departure_at: new Date(DEPARTURE).toISOString(),
      arrival_at: new Date(DEPARTURE + 3 * 3600_000).toISOString(),
      seats: 50,
      passengers: 2,
      boarded: 0,
      cancelled: false,
      delay_minutes: null,
    },
    stops: [],
    tickets: [await ticket('NK-2026-000001', 'valid', CODE), await ticket('NK-2026-000002', 'returned', 'RETURNED2345')],
    verification_key: { alg: 'Ed25519', format: 'NB1', kid: 'k', public_key: 'x', jwk: { kty: 'OKP', crv: 'Ed25519', x: 'x', kid: 'k' } },
  };
}

describe("the driver's offline check (issue 29)", () => {
  it('reads "Kod z biletu" as the QR code, the number, or the code printed on the ticket', () => {
    expect(shownOf(' NB1.eyJ2IjoxfQ.c2ln ')).toEqual({ qr: 'NB1.eyJ2IjoxfQ.c2ln' });
    expect(shownOf('nk-2026-000001')).toEqual({ number: 'nk-2026-000001' });
    expect(shownOf(` ${CODE.toLowerCase()} `)).toEqual({ code: CODE.toLowerCase() });
  });

  it('boards a ticket by its printed code, typed in any case', async () => {
    const open = new Date(DEPARTURE - 3600_000);
    const decision = await decide({ code: CODE.toLowerCase() }, await manifest(), new Set(), open);
    expect(decision).toMatchObject({ boards: true, ticket: { number: 'NK-2026-000001' } });
    expect(await decide({ code: 'ZZZZZZZZZZZZ' }, await manifest(), new Set(), open)).toEqual({ boards: false, reason: 'unknown' });
  });

  it('says a returned ticket is returned, also outside the boarding window', async () => {
    const dayBefore = new Date(DEPARTURE - 24 * 3600_000);
    for (const shown of [{ number: 'NK-2026-000002' }, { code: 'RETURNED2345' }]) {
      expect(await decide(shown, await manifest(), new Set(), dayBefore)).toMatchObject({ boards: false, reason: 'returned' });
    }
    // A valid ticket a day early is still "a later course".
    expect(await decide({ number: 'NK-2026-000001' }, await manifest(), new Set(), dayBefore)).toMatchObject({ boards: false, reason: 'too_early' });
  });
});
