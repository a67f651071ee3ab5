// The driver's calls (issue 18): the verification key (public), the day's courses and a course's
// passenger list (Driver or SuperAdmin), the check-in, and marking a course as having left (issue 39). Over the booking mock's own orders: a
// course is one of the catalogue's (the id says which), its tickets those of the paid orders on it.
// The codes are signed with the mock key (data/ticket-signing.ts) and checked here as the server does.
import { http, HttpResponse } from 'msw';

import { codeDigest } from '@/features/driver/lib/offline-check';
import { verifyTicketToken } from '@/shared/lib/ticket-token';

import { apiUrl } from '../api-url';
import { readDb, withDb } from '../data/booking-db';
import type { Db, MockOrder, MockTicket } from '../data/booking-types';
import { findStop, LINES, parseCourseId, warsawInstant, warsawIso, courseId } from '../data/catalogue';
import { courseDisruption, disruptionFields } from '../data/disruption-store';
import { ticketLeg } from '../data/orders';
import { MOCK_PUBLIC_KEY, mockVerificationKey } from '../data/ticket-signing';

import { sessionRole } from './accounts';
import { errorAnswer, validationError } from './errors';

type Body = Record<string, unknown>;

const OPENS_MS = 3 * 3600_000;
const CLOSES_MS = 2 * 3600_000;

/** 401 for a guest, 403 for a customer; nothing for a driver or an admin. */
function refused(request: Request): Response | null {
  const role = sessionRole(request);
  if (role === null) return errorAnswer(401, 'Unauthorized', 'Log in first.', 'auth.required');
  if (role === 'User') return errorAnswer(403, 'Forbidden', 'Only drivers and admins.', 'auth.forbidden');
  return null;
}

/** The tickets of paid (or since cancelled or returned) orders on a course. */
function ticketsOn(db: Db, course: string): { order: MockOrder; ticket: MockTicket }[] {
  return db.orders
    .filter((order) => order.status !== 'pending_payment' && order.status !== 'expired')
    .flatMap((order) => order.tickets.map((ticket) => ({ order, ticket })))
    .filter(({ order, ticket }) => ticketLeg(order, ticket).course_id === course);
}

function used(db: Db, number: string): { at: string; check_in_id: string } | undefined {
  return db.checkIns?.[number];
}

function courseView(db: Db, id: string) {
  const course = parseCourseId(id);
  if (!course) return null;
  const { line, day, departure } = course;
  const start = warsawInstant(day, departure);
  const minutes = line.stops.at(-1)?.[1] ?? 0;
  const carried = ticketsOn(db, id).filter(({ order, ticket }) => order.status === 'paid' && ticket.status === 'valid');
  return {
    course_id: id,
    route_id: line.id,
    route_name: line.name,
    departure_at: warsawIso(start),
    arrival_at: warsawIso(new Date(start.getTime() + minutes * 60_000)),
    seats: line.seats,
    passengers: carried.length,
    boarded: carried.filter(({ ticket }) => used(db, ticket.number)).length,
    ...disruptionFields(id),
  };
}

async function manifest(db: Db, id: string) {
  const course = parseCourseId(id);
  const view = courseView(db, id);
  if (!course || !view) return null;
  const start = warsawInstant(course.day, course.departure);
  const stops = course.line.stops.map(([stop, minutes]) => ({
    waypoint_id: stop,
    name: findStop(stop)?.name ?? String(stop),
    at: warsawIso(new Date(start.getTime() + minutes * 60_000)),
  }));
  const digests = new Map(await Promise.all(ticketsOn(db, id).map(async ({ ticket }) => [ticket.number, await codeDigest(ticket.code)] as const)));
  const tickets = ticketsOn(db, id).map(({ order, ticket }) => {
    const leg = ticketLeg(order, ticket);
    const boarding = used(db, ticket.number);
    const status = boarding ? 'used' : order.status === 'cancelled' && ticket.status === 'valid' ? 'cancelled' : ticket.status;
    return {
      number: ticket.number,
      passenger: `${order.customer.first_name} ${order.customer.last_name}`,
      from_waypoint_id: leg.from_waypoint_id,
      from_name: leg.from_name,
      to_waypoint_id: leg.to_waypoint_id,
      to_name: leg.to_name,
      discount_name: order.lines.find((line) => line.line === ticket.line)?.discount?.name ?? null,
      status,
      code_sha256: digests.get(ticket.number) ?? '',
      used_at: boarding?.at ?? null,
      moved_from_course: null,
    };
  });
  return { course: view, stops, tickets, verification_key: mockVerificationKey() };
}

/** `POST /course/course/departed`: the first mark stands; a course cancelled whole cannot leave. */
async function markDeparted(request: Request): Promise<Response> {
  const refusal = refused(request);
  if (refusal) return refusal;
  const body = (await request.json()) as Body;
  const id = typeof body.course_id === 'string' ? body.course_id : '';
  if (!/^[0-9a-f-]{36}$/i.test(id)) return validationError([{ field: 'course_id', message: 'course_id must be a UUID', code: 'field.invalid' }]);
  if (!parseCourseId(id)) return errorAnswer(404, 'Not Found', `there is no course ${id}`, 'course.not_found');
  const found = courseDisruption(id);
  if (found?.status === 'cancelled' && !found.from_waypoint_id) return errorAnswer(409, 'Conflict', 'This course is cancelled.', 'course.already_cancelled');
  const departedAt = withDb((db) => {
    const at = db.departures?.[id] ?? new Date().toISOString();
    db.departures = { ...db.departures, [id]: at };
    return at;
  });
  return HttpResponse.json({ data: { course_id: id, departed_at: departedAt } });
}

export const driverHandlers = [
  http.post(apiUrl('/course/course/departed'), ({ request }) => markDeparted(request)),
  http.get(apiUrl('/order/ticket/verification-key'), () => HttpResponse.json({ data: mockVerificationKey() })),
  http.get(apiUrl('/order/driver/courses'), ({ request }) => {
    const refusal = refused(request);
    if (refusal) return refusal;
    const day = new URL(request.url).searchParams.get('date') ?? new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return validationError([{ field: 'date', message: 'date must be a day, YYYY-MM-DD', code: 'field.invalid' }]);
    const db = readDb();
    const courses = LINES.flatMap((line) => line.departures.map((departure) => courseView(db, courseId(line.id, day, departure))))
      .filter((course) => course !== null)
      .sort((a, b) => a.departure_at.localeCompare(b.departure_at) || a.route_name.localeCompare(b.route_name));
    return HttpResponse.json({ data: courses });
  }),
  http.get(apiUrl('/order/driver/manifest'), async ({ request }) => {
    const refusal = refused(request);
    if (refusal) return refusal;
    const id = new URL(request.url).searchParams.get('course_id') ?? '';
    const found = await manifest(readDb(), id);
    return found ? HttpResponse.json({ data: found }) : errorAnswer(404, 'Not Found', `there is no course ${id}`, 'not_found');
  }),
  http.post(apiUrl('/order/ticket/check-in'), async ({ request }) => {
    const refusal = refused(request);
    if (refusal) return refusal;
    const body = (await request.json()) as Body;
    const checkInId = typeof body.check_in_id === 'string' ? body.check_in_id : crypto.randomUUID();
    let number: string;
    let course: string;
    if (typeof body.qr === 'string' && body.qr.trim()) {
      const check = await verifyTicketToken(body.qr, MOCK_PUBLIC_KEY);
      if (!check.ok) {
        const code = check.reason === 'forged' ? 'ticket.forged' : 'ticket.unreadable';
        return validationError([{ field: 'qr', message: 'The ticket\'s signature is not valid.', code }], code);
      }
      number = check.claims.n;
      course = check.claims.c;
    } else if (typeof body.code === 'string' && body.code.trim() && typeof body.course_id === 'string') {
      const code = body.code.trim().toUpperCase();
      const found = readDb().orders.flatMap((order) => order.tickets).find((ticket) => ticket.code.toUpperCase() === code);
      if (!found) return errorAnswer(404, 'Not Found', 'There is no ticket with this number.', 'ticket.not_found');
      number = found.number;
      course = body.course_id;
    } else if (typeof body.number === 'string' && body.number.trim() && typeof body.course_id === 'string') {
      number = body.number.trim().toUpperCase();
      course = body.course_id;
    } else {
      return validationError([{ field: 'number', message: 'Scan the ticket\'s code, or type its number.', code: 'field.blank' }]);
    }
    const answer = withDb((db) => {
      const found = db.orders.flatMap((order) => order.tickets.map((ticket) => ({ order, ticket }))).find(({ ticket }) => ticket.number === number);
      if (!found) return errorAnswer(404, 'Not Found', 'There is no ticket with this number.', 'ticket.not_found');
      const { order, ticket } = found;
      const leg = ticketLeg(order, ticket);
      const earlier = used(db, number);
      if (earlier) {
        if (earlier.check_in_id !== checkInId) return errorAnswer(409, 'Conflict', 'This ticket was used already.', 'ticket.used');
      } else {
        if (ticket.status === 'returned') return errorAnswer(409, 'Conflict', 'This ticket was returned.', 'ticket.already_returned');
        if (order.status !== 'paid') return errorAnswer(409, 'Conflict', 'The ticket\'s order is not paid.', 'order.not_paid');
        if (leg.course_id !== course) return validationError([{ field: 'number', message: 'This ticket is for another course.', code: 'check_in.other_course' }], 'check_in.other_course');
        const now = Date.now();
        if (now < Date.parse(leg.departure_at) - OPENS_MS) return validationError([{ field: 'number', message: 'This ticket is for a later course.', code: 'check_in.too_early' }], 'check_in.too_early');
        if (now > Date.parse(leg.arrival_at) + CLOSES_MS) return validationError([{ field: 'number', message: 'This ticket\'s course has ended.', code: 'check_in.expired' }], 'check_in.expired');
        db.checkIns = { ...db.checkIns, [number]: { at: new Date().toISOString(), check_in_id: checkInId } };
      }
      const boarding = used(db, number);
      return HttpResponse.json({
        data: {
          number,
          course_id: leg.course_id,
          check_in_id: checkInId,
          used_at: boarding?.at ?? new Date().toISOString(),
          passenger: `${order.customer.first_name} ${order.customer.last_name}`,
          from_name: leg.from_name,
          to_name: leg.to_name,
          discount_name: order.lines.find((line) => line.line === ticket.line)?.discount?.name ?? null,
          again: Boolean(earlier),
        },
      });
    });
    return answer;
  }),
];
