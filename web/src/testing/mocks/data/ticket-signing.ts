// The mock carrier's ticket key: the mocks sign each ticket's code as the server does (Ed25519 over
// `NB1.<claims>`), so the driver's page checks real signatures in dev:mock and in tests. The key is
// fixed (a seed of 1…32): its public half is what the mock verification-key answers.
import { getPublicKey, hashes, sign } from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';

import { base64UrlEncode, encodeClaims, type TicketClaims } from '@/shared/lib/ticket-token';

hashes.sha512 = (message) => new Uint8Array(sha512(message));

const SEED = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
export const MOCK_PUBLIC_KEY = base64UrlEncode(getPublicKey(SEED));
export const MOCK_KEY_ID = 'mock-key-0000001';

export interface TicketFacts {
  number: string;
  course_id: string;
  from_waypoint_id: number;
  to_waypoint_id: number;
  discount: string | null;
  departure_at: string;
  arrival_at: string;
}

/** The signed code of a ticket, boarding from three hours before departure to two after arrival. */
export function signTicket(facts: TicketFacts): string {
  const claims: TicketClaims = {
    v: 1,
    k: MOCK_KEY_ID,
    n: facts.number,
    c: facts.course_id,
    f: facts.from_waypoint_id,
    t: facts.to_waypoint_id,
    p: 1,
    ...(facts.discount ? { x: facts.discount } : {}),
    nb: Math.floor(Date.parse(facts.departure_at) / 1000) - 3 * 3600,
    exp: Math.floor(Date.parse(facts.arrival_at) / 1000) + 2 * 3600,
  };
  const signed = encodeClaims(claims);
  return `${signed}.${base64UrlEncode(sign(new TextEncoder().encode(signed), SEED))}`;
}

/** The verification key as the API answers it. */
export function mockVerificationKey() {
  return {
    alg: 'Ed25519',
    format: 'NB1',
    kid: MOCK_KEY_ID,
    public_key: MOCK_PUBLIC_KEY,
    jwk: { kty: 'OKP', crv: 'Ed25519', x: MOCK_PUBLIC_KEY, kid: MOCK_KEY_ID },
  };
}
