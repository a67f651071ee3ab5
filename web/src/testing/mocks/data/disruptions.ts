// The mock's passengers of a disrupted course and the passenger's page (issue 28). The page answers
// three demo links: `demo-odwolany` (cancelled, the choice open), `demo-opozniony` (a 25-minute
// delay: nothing to choose) and `demo-zamkniety` (cancelled, the time to choose passed).
import { connectionFor, courseId, LINES, STOP_ID, warsawToday } from './catalogue';
import { readDisruptions, type Offer, type Passenger } from './disruption-store';

/** The orders a disrupted course's page lists in the mock (one told, one a guest not told yet). */
export function samplePassengers(now: string): Passenger[] {
  const base = { chosen_at: null, chosen_by: null, moved_to: null, refund_amount: null } as const;
  return [
    { ...base, order_id: '7d1c2b3a-0000-4000-8000-000000000001', order_number: 'NB-2026-000042', customer_name: 'Anna Nowak', email: 'anna.nowak@example.com', phone: '+48 601 202 303', tickets: 2, state: 'told', told_at: now },
    { ...base, order_id: '7d1c2b3a-0000-4000-8000-000000000002', order_number: 'NB-2026-000043', customer_name: 'Piotr Zieliński', email: 'piotr@example.com', phone: null, tickets: 1, state: 'to_tell', told_at: null },
  ];
}

/** The demo links' course: Nisko – Kraków at 07:30, two days ahead. */
export function demoCourseId(): string {
  return courseId(1, dayAhead(2), '07:30');
}

function dayAhead(days: number): string {
  return warsawToday(new Date(Date.now() + days * 86_400_000));
}

const DEMO_LINKS: Record<string, { status: 'cancelled' | 'delayed'; reason: string; delay: number | null; open: boolean }> = {
  'demo-odwolany': { status: 'cancelled', reason: 'Awaria autobusu', delay: null, open: true },
  'demo-opozniony': { status: 'delayed', reason: 'Korek na autostradzie A4', delay: 25, open: false },
  'demo-zamkniety': { status: 'cancelled', reason: 'Zamknięta droga', delay: null, open: false },
};

export const DEMO_REFUND = 7800;

/** The offer of a demo link (with its choice, if made), or null for any other token. */
export function demoOffer(token: string): Offer | null {
  const link = DEMO_LINKS[token];
  const course = connectionFor(demoCourseId(), STOP_ID.nisko, STOP_ID.krakow);
  if (!link || !course) return null;
  const chosen = readDisruptions().chosen[token] ?? null;
  return {
    order_number: 'NB-2026-000042',
    language: 'pl',
    status: link.status,
    reason: link.reason,
    delay_minutes: link.delay,
    course: { course_id: course.course_id, route_name: course.route_name, from_name: course.from.name, to_name: course.to.name, departure_at: course.departure_at, arrival_at: course.arrival_at },
    tickets: 2,
    choice_open: link.open && chosen === null,
    deadline: link.status === 'cancelled' ? course.departure_at : null,
    refund_amount: DEMO_REFUND,
    alternatives: link.open ? demoAlternatives() : [],
    chosen,
  };
}

/** The line's other departures that day and the next (the mock's seats are never short). */
function demoAlternatives(): Offer['alternatives'] {
  const line = LINES.find((candidate) => candidate.id === 1);
  const days = [dayAhead(2), dayAhead(3)];
  return days
    .flatMap((day) => (line?.departures ?? []).map((departure) => courseId(1, day, departure)))
    .filter((id) => id !== demoCourseId())
    .flatMap((id) => {
      const found = connectionFor(id, STOP_ID.nisko, STOP_ID.krakow);
      return found ? [{ course_id: found.course_id, departure_at: found.departure_at, arrival_at: found.arrival_at, seats_available: found.seats_available }] : [];
    })
    .slice(0, 5);
}
