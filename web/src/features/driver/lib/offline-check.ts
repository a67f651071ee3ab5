// Whether a ticket boards, decided on the phone without a network: the scanned code's signature
// against the carrier's key, its course and day, and the passenger list loaded with the course (a
// ticket returned, cancelled or used already, there or on this phone). The server decides again when
// the check-in reaches it; this tells the driver at once.
import { verifyTicketToken } from '@/shared/lib/ticket-token';

import type { Manifest, ManifestTicket } from '../api/driver-api';

export type Refusal =
  | 'unreadable'
  | 'forged'
  | 'other_course'
  | 'too_early'
  | 'expired'
  | 'unknown'
  | 'returned'
  | 'cancelled'
  | 'used';

export type Decision = { boards: true; ticket: ManifestTicket } | { boards: false; reason: Refusal; ticket?: ManifestTicket };

/** What the driver showed: a scanned (or pasted) QR code, a typed number, or the code printed under the QR code. */
export type Shown = { qr: string } | { number: string } | { code: string };

const TOKEN = /^NBL?\d+\./i;
const NUMBER = /^NK-\d{4}-\d+$/i;

/**
 * What a text typed or pasted into "Kod z biletu" is: the QR code's content (`NB1.…`), the ticket's
 * number (`NK-2026-000123`), or the 12-character code printed on the ticket.
 */
export function shownOf(text: string): Shown {
  const trimmed = text.trim();
  if (TOKEN.test(trimmed)) return { qr: trimmed };
  if (NUMBER.test(trimmed)) return { number: trimmed };
  return { code: trimmed };
}

/** The SHA-256 (hex) of a printed code as the manifest lists it: upper case, no spaces around. */
export async function codeDigest(code: string): Promise<string> {
  const bytes = new TextEncoder().encode(code.trim().toUpperCase());
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Boarding opens and closes around the course as the server's check-in has it (docs/tickets.md). */
const OPENS_MS = 3 * 3600_000;
const CLOSES_MS = 2 * 3600_000;

/**
 * Why a listed ticket cannot board whatever the time: returned, cancelled or used (there or on this
 * phone). Told before the boarding window, so a returned ticket of a later course says "returned".
 */
function refusalOf(ticket: ManifestTicket, usedHere: ReadonlySet<string>): Refusal | null {
  if (usedHere.has(ticket.number)) return 'used';
  switch (ticket.status) {
    case 'valid':
      return null;
    case 'used':
      return 'used';
    case 'returned':
      return 'returned';
    default:
      return 'cancelled';
  }
}

/** The decision for what was shown, on `manifest`'s course at `now`. */
export async function decide(shown: Shown, manifest: Manifest, usedHere: ReadonlySet<string>, now: Date): Promise<Decision> {
  const find = (number: string) => manifest.tickets.find((ticket) => ticket.number === number.trim().toUpperCase());
  if (!('qr' in shown)) {
    const digest = 'code' in shown ? await codeDigest(shown.code) : null;
    const ticket = 'number' in shown ? find(shown.number) : manifest.tickets.find((listed) => listed.code_sha256 === digest);
    if (!ticket) return { boards: false, reason: 'unknown' };
    const refusal = refusalOf(ticket, usedHere);
    if (refusal) return { boards: false, reason: refusal, ticket };
    const departure = Date.parse(manifest.course.departure_at);
    const arrival = Date.parse(manifest.course.arrival_at);
    if (now.getTime() < departure - OPENS_MS) return { boards: false, reason: 'too_early', ticket };
    if (now.getTime() > arrival + CLOSES_MS) return { boards: false, reason: 'expired', ticket };
    return { boards: true, ticket };
  }
  const check = await verifyTicketToken(shown.qr, manifest.verification_key.public_key);
  if (!check.ok) return { boards: false, reason: check.reason };
  const { claims } = check;
  if (claims.c !== manifest.course.course_id) return { boards: false, reason: 'other_course' };
  const ticket = find(claims.n);
  const refusal = ticket ? refusalOf(ticket, usedHere) : null;
  if (refusal) return { boards: false, reason: refusal, ticket };
  const seconds = now.getTime() / 1000;
  if (seconds < claims.nb) return { boards: false, reason: 'too_early' };
  if (seconds > claims.exp) return { boards: false, reason: 'expired' };
  // Signed by the carrier for this course but not on the list: sold after the list was loaded.
  if (!ticket) return { boards: true, ticket: unlisted(claims.n, claims.f, claims.t, claims.x ?? null, manifest) };
  return { boards: true, ticket };
}

function unlisted(number: string, from: number, to: number, discount: string | null, manifest: Manifest): ManifestTicket {
  const name = (id: number) => manifest.stops.find((stop) => stop.waypoint_id === id)?.name ?? String(id);
  return {
    number,
    passenger: '',
    from_waypoint_id: from,
    from_name: name(from),
    to_waypoint_id: to,
    to_name: name(to),
    discount_name: discount,
    status: 'valid',
    code_sha256: '',
    used_at: null,
    moved_from_course: null,
  };
}
