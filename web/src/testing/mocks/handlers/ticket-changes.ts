// A ticket's change of course: the courses it can move to (GET /order/ticket/change-options?number=)
// and the change itself (POST /order/order/change-course {number, course_id}), both for the logged-in
// owner. As the backend (command-api/src/booking/change/): once per ticket, until 10 minutes before
// departure, to another course of the same route between the same stops with a free seat; a change
// that costs more is refused (409), one that costs less is refunded.
import { http, HttpResponse } from 'msw';

import { apiUrl } from '../api-url';
import { seatsTaken, withDb } from '../data/booking-db';
import { DEMO_USER_ID } from '../data/booking-seed';
import type { MockOrder, MockTicket } from '../data/booking-types';
import { connectionFor, courseId, formatPln, LINES, warsawToday, type MockConnection } from '../data/catalogue';
import { ticketLeg, toLeg } from '../data/orders';
import { discountedFare } from '../data/price-table';

import { errorAnswer, type MockParams, validationError } from './errors';

/** Minutes before departure after which a course can no longer be changed (company setting). */
export const CHANGE_CUTOFF_MINUTES = 10;
/** How many courses the options list at most. */
const MAX_OPTIONS = 30;
/** How far ahead the mock looks for other courses. */
const DAYS_AHEAD = 14;

export const CHANGE_MESSAGES = {
  notFound: 'There is no ticket with this number.',
  numberRequired: 'Please enter the ticket number.',
  courseRequired: 'Please choose a course.',
  alreadyChanged: 'The course of this ticket was changed already; it can be changed once.',
  returned: 'This ticket was returned.',
  notPaid: 'Only tickets of a paid order can be changed.',
  sameCourse: 'The ticket is for this course already.',
  otherRoute: 'Choose a course of the same route between the same stops.',
  tooLate: `A course can be changed until ${CHANGE_CUTOFF_MINUTES} minutes before departure.`,
  saleClosed: 'Sales for this course have closed.',
  noSeats: 'There are no seats left on this course.',
} as const;

/** The backend's code for each of those refusals (docs/errors.md). */
export const CHANGE_CODES: Record<keyof typeof CHANGE_MESSAGES, string> = {
  notFound: 'ticket.not_found',
  numberRequired: 'field.blank',
  courseRequired: 'field.blank',
  alreadyChanged: 'ticket.already_changed',
  returned: 'ticket.already_returned',
  notPaid: 'order.not_paid',
  sameCourse: 'change.same_course',
  otherRoute: 'change.different_route',
  tooLate: 'change.too_late',
  saleClosed: 'course.sale_closed',
  noSeats: 'seats.not_enough',
};

/** The numbers each refusal's sentence repeats (`params`, as the backend sends them). */
const CHANGE_PARAMS: Partial<Record<keyof typeof CHANGE_MESSAGES, MockParams>> = {
  tooLate: { minutes: CHANGE_CUTOFF_MINUTES },
  noSeats: { available: 0 },
};

/** A refusal of a change: its status, field (for a 422), message, code and params. */
function refused(status: number, key: keyof typeof CHANGE_MESSAGES, field?: string) {
  return { status, field, message: CHANGE_MESSAGES[key], code: CHANGE_CODES[key], params: CHANGE_PARAMS[key] };
}

function loggedIn(request: Request): boolean {
  return /^Bearer\s+\S+/.test(request.headers.get('authorization') ?? '');
}

function closesAt(departureAt: string): number {
  return new Date(departureAt).getTime() - CHANGE_CUTOFF_MINUTES * 60_000;
}

interface Found {
  order: MockOrder;
  ticket: MockTicket;
}

/** The demo user's ticket of this number (any token is the demo user). */
function findTicket(orders: MockOrder[], number: string): Found | null {
  for (const order of orders) {
    if (order.user_id !== DEMO_USER_ID) continue;
    const ticket = order.tickets.find((candidate) => candidate.number === number);
    if (ticket) return { order, ticket };
  }
  return null;
}

/** What the ticket would cost on `connection`: its fare with the ticket line's discount. */
export function priceOn(order: MockOrder, ticket: MockTicket, connection: MockConnection): number {
  const discountId = order.lines.find((line) => line.line === ticket.line)?.discount?.discount_id;
  return discountedFare(connection.price, discountId);
}

/** The mock gateway: a change waiting for its difference is paid after a read or two of its options. */
function settlePendingChange(ticket: MockTicket): void {
  const pending = ticket.pending_change;
  if (!pending) return;
  if (pending.polls > 0) {
    pending.polls -= 1;
    return;
  }
  ticket.course = pending.course;
  ticket.course_changed = true;
  ticket.price = pending.price;
  delete ticket.pending_change;
}

function refusal({ order, ticket }: Found, now: number): string | null {
  if (ticket.status === 'returned') return 'ticket_returned';
  if (order.status !== 'paid') return 'not_paid';
  if (ticket.course_changed) return 'already_changed';
  if (ticket.pending_change) return 'payment_pending';
  if (closesAt(ticketLeg(order, ticket).departure_at) < now) return 'too_late';
  return null;
}

/** Other courses of the ticket's route between its stops, still on sale with a free seat, soonest first. */
function otherCourses({ order, ticket }: Found, now: number): MockConnection[] {
  const leg = ticketLeg(order, ticket);
  const line = LINES.find((candidate) => candidate.id === leg.route_id);
  if (!line) return [];
  const today = new Date(`${warsawToday(new Date(now))}T12:00:00Z`);
  const found: MockConnection[] = [];
  for (let days = 0; days <= DAYS_AHEAD; days += 1) {
    const day = new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    for (const departure of line.departures) {
      const id = courseId(line.id, day, departure);
      if (id === leg.course_id) continue;
      const connection = connectionFor(id, leg.from_waypoint_id, leg.to_waypoint_id, seatsTaken);
      if (connection && connection.seats_available > 0 && closesAt(connection.departure_at) > now) found.push(connection);
    }
  }
  return found.sort((a, b) => Date.parse(a.departure_at) - Date.parse(b.departure_at)).slice(0, MAX_OPTIONS);
}

export const ticketChangeHandlers = [
  http.get(apiUrl('/order/ticket/change-options'), ({ request }) => {
    if (!loggedIn(request)) return errorAnswer(401, 'Unauthorized', 'authentication required');
    const number = new URL(request.url).searchParams.get('number')?.trim().toUpperCase() ?? '';
    if (!number) return validationError([{ field: 'number', message: CHANGE_MESSAGES.numberRequired, code: 'field.blank' }], 'field.blank');
    const now = Date.now();
    const answer = withDb((db) => {
      const found = findTicket(db.orders, number);
      if (!found) return null;
      const { order, ticket } = found;
      settlePendingChange(ticket);
      const leg = ticketLeg(order, ticket);
      const reason = refusal(found, now);
      const pending = ticket.pending_change;
      return {
        number: ticket.number,
        can_change: reason === null,
        reason,
        cutoff_minutes: CHANGE_CUTOFF_MINUTES,
        current: {
          course_id: leg.course_id,
          departure_at: leg.departure_at,
          arrival_at: leg.arrival_at,
          price: ticket.price,
          price_formatted: formatPln(ticket.price),
        },
        options: (reason === null ? otherCourses(found, now) : []).map((connection) => {
          const price = priceOn(order, ticket, connection);
          const difference = price - ticket.price;
          return {
            course_id: connection.course_id,
            departure_at: connection.departure_at,
            arrival_at: connection.arrival_at,
            free_seats: connection.seats_available,
            price,
            price_formatted: formatPln(price),
            price_difference: difference,
            price_difference_formatted: formatPln(difference),
          };
        }),
        pending: pending
          ? {
              course_id: pending.course.course_id,
              price_difference: pending.difference,
              price_difference_formatted: formatPln(pending.difference),
              payment_url: pending.payment_url,
              pay_by: pending.pay_by,
            }
          : null,
      };
    });
    return answer
      ? HttpResponse.json({ data: answer })
      : errorAnswer(404, 'Not Found', CHANGE_MESSAGES.notFound, CHANGE_CODES.notFound);
  }),

  http.post(apiUrl('/order/order/change-course'), async ({ request }) => {
    if (!loggedIn(request)) return errorAnswer(401, 'Unauthorized', 'authentication required');
    const body = (await request.json()) as Record<string, unknown> | null;
    const number = typeof body?.number === 'string' ? body.number.trim().toUpperCase() : '';
    const target = typeof body?.course_id === 'string' ? body.course_id : '';
    if (!number) return validationError([{ field: 'number', message: CHANGE_MESSAGES.numberRequired, code: 'field.blank' }], 'field.blank');
    if (!target) {
      return validationError([{ field: 'course_id', message: CHANGE_MESSAGES.courseRequired, code: 'field.blank' }], 'field.blank');
    }
    const now = Date.now();
    type Result = { status: number; field?: string; message: string; code?: string; params?: MockParams; data?: Record<string, unknown> };
    const result = withDb((db): Result => {
      const found = findTicket(db.orders, number);
      if (!found) return refused(404, 'notFound');
      const { order, ticket } = found;
      const leg = ticketLeg(order, ticket);
      const connection = connectionFor(target, leg.from_waypoint_id, leg.to_waypoint_id, seatsTaken);
      if (!connection || connection.route_id !== leg.route_id) {
        return refused(422, 'otherRoute', 'course_id');
      }
      if (closesAt(connection.departure_at) < now) return refused(422, 'saleClosed', 'course_id');
      const reason = refusal(found, now);
      if (reason === 'ticket_returned') return refused(409, 'returned');
      if (reason === 'not_paid') return refused(409, 'notPaid');
      if (reason === 'already_changed') return refused(409, 'alreadyChanged');
      if (reason === 'payment_pending') return { status: 409, message: 'A change of this ticket waits for its payment.', code: 'change.pending' };
      if (reason === 'too_late') return refused(422, 'tooLate', 'number');
      if (connection.course_id === leg.course_id) return refused(422, 'sameCourse', 'course_id');
      if (connection.seats_available < 1) return refused(409, 'noSeats');
      const price = priceOn(order, ticket, connection);
      const difference = price - ticket.price;
      // The answer of `change-course`: moved at once, or waiting for the difference to be paid.
      const changeAnswer = (status: 'changed' | 'awaiting_payment', payment: { payment_url: string | null; pay_by: string | null }) => ({
        status: 200,
        message: '',
        data: {
          number: ticket.number,
          course_id: connection.course_id,
          departure_at: connection.departure_at,
          price_difference: difference,
          price_difference_formatted: formatPln(difference),
          status,
          ...payment,
        },
      });
      if (difference > 0) {
        // The difference is paid first: the mock gateway sends the customer straight back to the ticket.
        const payBy = new Date(now + 15 * 60_000).toISOString();
        const paymentUrl = `${new URL(request.url).origin}/user/your-tickets/${ticket.id}`;
        ticket.pending_change = { course: toLeg(leg.kind, connection), price, difference, pay_by: payBy, payment_url: paymentUrl, polls: 1 };
        return changeAnswer('awaiting_payment', { payment_url: paymentUrl, pay_by: payBy });
      }
      ticket.course = toLeg(leg.kind, connection);
      ticket.course_changed = true;
      ticket.price = price;
      return changeAnswer('changed', { payment_url: null, pay_by: null });
    });
    if (result.data) return HttpResponse.json({ data: result.data });
    if (result.status === 422) {
      return validationError([{ field: result.field ?? 'course_id', message: result.message, code: result.code, params: result.params }], result.code);
    }
    return errorAnswer(result.status, result.status === 404 ? 'Not Found' : 'Conflict', result.message, result.code, result.params);
  }),
];
