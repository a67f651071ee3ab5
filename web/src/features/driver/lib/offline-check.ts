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

/** What the driver showed: a scanned (or pasted) code, or a typed number. */
export type Shown = { qr: string } | { number: string };

/** Boarding opens and closes around the course as the server's check-in has it (docs/tickets.md). */
const OPENS_MS = 3 * 3600_000;
const CLOSES_MS = 2 * 3600_000;

function byState(ticket: ManifestTicket, usedHere: ReadonlySet<string>): Decision {
  if (usedHere.has(ticket.number)) return { boards: false, reason: 'used', ticket };
  switch (ticket.status) {
    case 'valid':
      return { boards: true, ticket };
    case 'used':
      return { boards: false, reason: 'used', ticket };
    case 'returned':
      return { boards: false, reason: 'returned', ticket };
    default:
      return { boards: false, reason: 'cancelled', ticket };
  }
}

/** The decision for what was shown, on `manifest`'s course at `now`. */
export async function decide(shown: Shown, manifest: Manifest, usedHere: ReadonlySet<string>, now: Date): Promise<Decision> {
  const find = (number: string) => manifest.tickets.find((ticket) => ticket.number === number.trim().toUpperCase());
  if ('number' in shown) {
    const ticket = find(shown.number);
    if (!ticket) return { boards: false, reason: 'unknown' };
    const departure = Date.parse(manifest.course.departure_at);
    const arrival = Date.parse(manifest.course.arrival_at);
    if (now.getTime() < departure - OPENS_MS) return { boards: false, reason: 'too_early', ticket };
    if (now.getTime() > arrival + CLOSES_MS) return { boards: false, reason: 'expired', ticket };
    return byState(ticket, usedHere);
  }
  const check = await verifyTicketToken(shown.qr, manifest.verification_key.public_key);
  if (!check.ok) return { boards: false, reason: check.reason };
  const { claims } = check;
  if (claims.c !== manifest.course.course_id) return { boards: false, reason: 'other_course' };
  const seconds = now.getTime() / 1000;
  if (seconds < claims.nb) return { boards: false, reason: 'too_early' };
  if (seconds > claims.exp) return { boards: false, reason: 'expired' };
  const ticket = find(claims.n);
  // Signed by the carrier for this course but not on the list: sold after the list was loaded.
  if (!ticket) return { boards: true, ticket: unlisted(claims.n, claims.f, claims.t, claims.x ?? null, manifest) };
  return byState(ticket, usedHere);
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
    used_at: null,
    moved_from_course: null,
  };
}
