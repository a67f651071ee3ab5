// The mock's passengers of a disrupted course and the passenger's page (issues 28, 39). The page answers
// these demo links:
// - `demo-odwolany`: cancelled, the choice open;
// - `demo-opozniony`: a 25-minute delay, nothing to choose;
// - `demo-opozniony-dlugo`: a 150-minute delay, the choice open (one alternative late too);
// - `demo-na-czas`: a delay the carrier withdrew, the course on schedule again;
// - `demo-odwolany-czesciowo`: cancelled from a stop onward, the return tickets refunded too, the choice
//   offered after the departure (compensation owed);
// - `demo-zamkniety`: cancelled, the time to choose passed.
import { connectionFor, courseId, LINES, STOP_ID, warsawToday } from './catalogue';
import { readDisruptions, type Offer, type Passenger } from './disruption-store';

/** The orders a disrupted course's page lists in the mock: one told, one a guest not told yet, and one
 * refunded who is owed compensation (the choice came after the scheduled departure). */
export function samplePassengers(now: string): Passenger[] {
  const base = { paid: true, paid_at_desk: false, chosen_at: null, chosen_by: null, moved_to: null, refund_amount: null, compensation_owed: null, compensation_paid_at: null } as const;
  return [
    { ...base, order_id: '7d1c2b3a-0000-4000-8000-000000000001', order_number: 'NB-2026-000042', customer_name: 'Anna Nowak', email: 'anna.nowak@example.com', phone: '+48 601 202 303', tickets: 2, state: 'told', told_at: now },
    { ...base, order_id: '7d1c2b3a-0000-4000-8000-000000000002', order_number: 'NB-2026-000043', customer_name: 'Piotr Zieliński', email: 'piotr@example.com', phone: null, tickets: 1, state: 'to_tell', told_at: null },
    {
      ...base,
      order_id: '7d1c2b3a-0000-4000-8000-000000000003',
      order_number: 'NB-2026-000044',
      customer_name: 'Katarzyna Wiśniewska',
      email: 'k.wisniewska@example.com',
      phone: null,
      tickets: 1,
      state: 'refunded',
      told_at: now,
      chosen_at: now,
      chosen_by: 'passenger',
      refund_amount: DEMO_REFUND / 2,
      compensation_owed: DEMO_REFUND / 4,
    },
  ];
}

/** The demo links' course: Nisko – Kraków at 07:30, two days ahead. */
export function demoCourseId(): string {
  return courseId(1, dayAhead(2), '07:30');
}

function dayAhead(days: number): string {
  return warsawToday(new Date(Date.now() + days * 86_400_000));
}

/** The day after `day` (`YYYY-MM-DD`). */
function nextDay(day: string): string {
  const next = new Date(`${day}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The mock's Nisko – Kraków is 260 km and takes 235 minutes: the whole regulation, with assistance. */
export const DEMO_DISTANCE_KM = 260;

interface DemoLink {
  status: 'cancelled' | 'delayed' | 'on_time';
  reason: string;
  delay: number | null;
  open: boolean;
  /** Days from now to the end of the choice (negative: passed); null: no choice offered. */
  deadlineDays: number | null;
  partly?: boolean;
  includesReturn?: boolean;
  compensation?: number;
}

const DEMO_LINKS: Record<string, DemoLink> = {
  'demo-odwolany': { status: 'cancelled', reason: 'Awaria autobusu', delay: null, open: true, deadlineDays: 14 },
  'demo-opozniony': { status: 'delayed', reason: 'Korek na autostradzie A4', delay: 25, open: false, deadlineDays: null },
  'demo-opozniony-dlugo': { status: 'delayed', reason: 'Wypadek na trasie', delay: 150, open: true, deadlineDays: 14 },
  // As the server: a withdrawn delay keeps no reason.
  'demo-na-czas': { status: 'on_time', reason: '', delay: null, open: false, deadlineDays: null },
  'demo-odwolany-czesciowo': {
    status: 'cancelled',
    reason: 'Zamknięty most w Tarnobrzegu',
    delay: null,
    open: true,
    deadlineDays: 13,
    partly: true,
    includesReturn: true,
    compensation: 3900,
  },
  'demo-zamkniety': { status: 'cancelled', reason: 'Zamknięta droga', delay: null, open: false, deadlineDays: -1 },
};

export const DEMO_REFUND = 7800;

/** The offer of a demo link (with its choice, if made), or null for any other token; the alternatives
 * from `date` on (`YYYY-MM-DD`; default: the disrupted journey's day). */
export function demoOffer(token: string, date: string | null = null): Offer | null {
  const link = DEMO_LINKS[token];
  const course = connectionFor(demoCourseId(), STOP_ID.nisko, STOP_ID.krakow);
  if (!link || !course) return null;
  const chosen = readDisruptions().chosen[token] ?? null;
  const deadline = link.deadlineDays === null ? null : new Date(Date.now() + link.deadlineDays * 86_400_000).toISOString();
  return {
    order_number: 'NB-2026-000042',
    language: 'pl',
    status: link.status,
    reason: link.reason,
    partly: link.partly ?? false,
    delay_minutes: link.delay,
    expected_departure_at: link.delay === null ? null : new Date(Date.parse(course.departure_at) + link.delay * 60_000).toISOString(),
    course: { course_id: course.course_id, route_name: course.route_name, from_name: course.from.name, to_name: course.to.name, departure_at: course.departure_at, arrival_at: course.arrival_at },
    paid: true,
    tickets: 2,
    choice_open: link.open && chosen === null,
    deadline,
    refund_amount: link.includesReturn ? DEMO_REFUND * 2 : DEMO_REFUND,
    includes_return: link.includesReturn ?? false,
    alternatives: link.open ? demoAlternatives(token === 'demo-opozniony-dlugo', date ?? dayAhead(2)) : [],
    chosen,
    compensation_owed: link.compensation ?? null,
    compensation_paid_at: null,
    rights: { distance_km: DEMO_DISTANCE_KM, statutory: true, assistance: true },
  };
}

/** The other departures between the two stops from `from` on, that day and the next (the mock's seats
 * are never short); with `oneLate`, the first of them is announced 30 minutes late too. */
function demoAlternatives(oneLate: boolean, from: string): Offer['alternatives'] {
  const line = LINES.find((candidate) => candidate.id === 1);
  const days = [from, nextDay(from)];
  return days
    .flatMap((day) => (line?.departures ?? []).map((departure) => courseId(1, day, departure)))
    .filter((id) => id !== demoCourseId())
    .flatMap((id) => {
      const found = connectionFor(id, STOP_ID.nisko, STOP_ID.krakow);
      return found
        ? [{ course_id: found.course_id, route_name: found.route_name, departure_at: found.departure_at, arrival_at: found.arrival_at, seats_available: found.seats_available, delay_minutes: null }]
        : [];
    })
    .slice(0, 5)
    .map((alternative, index) => (oneLate && index === 0 ? { ...alternative, delay_minutes: 30 } : alternative));
}
