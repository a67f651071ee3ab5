// The spec's remaining order reads (admin, as query-api's order_customers.rs, order_users.rs,
// order_waypoints.rs, tickets.rs and stamps.rs answer them), over the booking mock's own orders: the
// customers of orders (list, one), whose account an order is and the courses it travels on now, the
// legs of orders (list, one, and where a leg would be on another course), tickets (list, one) and stamp
// cards (list, one). A guest gets 401 and a user 403, as from the server.
import { http, HttpResponse } from 'msw';

import { apiUrl } from '../api-url';
import { readDb, seatsTaken } from '../data/booking-db';
import type { Db, LegKind, MockLeg, MockOrder, MockTicket } from '../data/booking-types';
import { connectionFor, formatPln, parseCourseId } from '../data/catalogue';
import { adminOrderView, later, returnFee, userIdOf } from '../data/order-admin';
import { ticketLeg, toLeg } from '../data/orders';

import { mockUserFor } from './accounts';
import { isAdmin, list } from './admin';
import { errorAnswer, validationError } from './errors';
import { priceOn } from './ticket-changes';
import { demoStampCard } from './user-tickets';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Sales close this long before a course leaves the boarding stop (company setting). */
const SALES_CLOSE_MS = 10 * 60_000;

type Handler = (request: Request, url: URL, db: Db) => Response | Promise<Response>;

/** An admin's read: 401 without a token, 403 for anyone else, else `answer`. */
function adminRead(path: string, answer: Handler) {
  return http.get(apiUrl(path), ({ request }) => {
    if (!/^Bearer\s+\S+/.test(request.headers.get('authorization') ?? '')) return errorAnswer(401, 'Unauthorized', 'authentication required');
    if (!isAdmin(request)) return errorAnswer(403, 'Forbidden', 'you are not allowed to do this');
    return answer(request, new URL(request.url), readDb());
  });
}

/** `?{name}=` as a UUID, or the 422 naming it. */
function uuidParam(url: URL, name: string, what: string): string | Response {
  const value = url.searchParams.get(name)?.trim() ?? '';
  if (!value) return validationError([{ field: name, message: `${name} is required`, code: 'field.blank' }]);
  return UUID.test(value) ? value.toLowerCase() : validationError([{ field: name, message: `${name} must be ${what} (a UUID)` }]);
}

const notFound = (message: string) => errorAnswer(404, 'Not Found', message);

function orderParam(url: URL, db: Db): MockOrder | Response {
  const id = uuidParam(url, 'id', 'an order id');
  if (typeof id !== 'string') return id;
  return db.orders.find((order) => order.id === id) ?? notFound(`there is no order ${id}`);
}

/** A page with the server's default order (`rows` as given) unless the query sorts. */
const page = (rows: Record<string, unknown>[], url: URL) => HttpResponse.json({ data: list({ rows }, url) });
const newestFirst = (db: Db) => [...db.orders].sort((a, b) => Date.parse(b.placed_at) - Date.parse(a.placed_at));

/** OrderCustomer: who ordered, as the order holds it now. */
function customerRow(db: Db, order: MockOrder) {
  return {
    order_id: order.id,
    number: order.number,
    hash_id: order.hash_id,
    status: adminOrderView(db, order).status,
    ...order.customer,
    user_id: userIdOf(order),
    placed_at: order.placed_at,
  };
}

/** OrderUser: the account (never its password), or null for a guest's order. */
function orderUser(order: MockOrder) {
  const id = userIdOf(order);
  const account = id ? mockUserFor('jan.kowalski@example.com') : null;
  return { order_id: order.id, user: account && account.id === id ? account : null };
}

/** OrderCourse[]: per leg, the courses its travelling tickets are on now; a leg without any, its own course. */
function orderCourses(order: MockOrder) {
  const legs = [order.outbound, order.back].filter((leg): leg is MockLeg => leg !== null);
  return legs.flatMap((leg) => {
    const courses = new Map<string, { leg: MockLeg; tickets: string[] }>();
    for (const ticket of order.tickets.filter((t) => t.leg === leg.kind && t.status !== 'returned')) {
      const course = ticketLeg(order, ticket);
      const entry = courses.get(course.course_id) ?? { leg: course, tickets: [] };
      entry.tickets.push(ticket.number);
      courses.set(course.course_id, entry);
    }
    const found = courses.size > 0 ? [...courses.values()] : [{ leg, tickets: [] }];
    return found
      .sort((a, b) => Date.parse(a.leg.departure_at) - Date.parse(b.leg.departure_at))
      .map(({ leg: course, tickets }) => ({
        course_id: course.course_id,
        kind: leg.kind,
        route_name: course.route_name,
        from_name: course.from_name,
        to_name: course.to_name,
        departure_at: course.departure_at,
        arrival_at: course.arrival_at,
        tickets: tickets.sort(),
      }));
  });
}

/** OrderWaypoint: a leg as booked, with its order. */
const waypointRow = (order: MockOrder, leg: MockLeg) => ({ order_id: order.id, ...leg, unit_price_formatted: formatPln(leg.unit_price) });

function legKind(url: URL): LegKind | Response {
  const kind = url.searchParams.get('kind')?.trim() || 'outbound';
  return kind === 'outbound' || kind === 'back' ? kind : validationError([{ field: 'kind', message: 'kind is outbound or back' }]);
}

/** CalculatedDates: the order's leg on course `courseId`, as the server's calculate-dates. */
function calculateDates(order: MockOrder, leg: MockLeg, courseId: string) {
  if (!parseCourseId(courseId)) return notFound(`there is no course ${courseId}`);
  const connection = connectionFor(courseId, leg.from_waypoint_id, leg.to_waypoint_id, seatsTaken);
  if (!connection) return validationError([{ field: 'courseId', message: `this course does not run from ${leg.from_name} to ${leg.to_name} with a fare for them` }]);
  const tickets = order.tickets
    .filter((ticket) => ticket.leg === leg.kind && ticket.status !== 'returned')
    .map((ticket) => {
      const newPrice = priceOn(order, ticket, connection);
      return { number: ticket.number, price: ticket.price, new_price: newPrice, new_price_formatted: formatPln(newPrice), price_difference: newPrice - ticket.price, price_difference_formatted: formatPln(newPrice - ticket.price) };
    });
  return HttpResponse.json({
    data: {
      ...waypointRow(order, toLeg(leg.kind, connection)),
      same_route: connection.route_id === leg.route_id,
      duration_minutes: connection.duration_minutes,
      free_seats: connection.seats_available,
      on_sale: Date.parse(connection.departure_at) - SALES_CLOSE_MS > Date.now(),
      tickets,
    },
  });
}

/** AdminTicket: a ticket of a paid order with its order's customer, as `/order/ticket/all` lists it. */
function ticketRow(db: Db, order: MockOrder, ticket: MockTicket, index: number) {
  const course = ticketLeg(order, ticket);
  const booked = ticket.leg === 'back' && order.back ? order.back : order.outbound;
  const line = order.lines.find((candidate) => candidate.line === ticket.line);
  const paidFor = (ticket.leg === 'back' ? line?.back_price : line?.outbound_price) ?? ticket.price;
  const returned = ticket.status === 'returned';
  const fee = returned ? returnFee(ticket.price) : null;
  return {
    id: ticket.id,
    number: ticket.number,
    code: ticket.code,
    status: ticket.status,
    leg: ticket.leg,
    line: ticket.line,
    price: ticket.price,
    price_formatted: formatPln(ticket.price),
    coupon_part: ticket.coupon_part,
    order_id: order.id,
    hash_id: order.hash_id,
    order_status: adminOrderView(db, order).status,
    user_id: userIdOf(order),
    email: order.customer.email,
    first_name: order.customer.first_name,
    last_name: order.customer.last_name,
    course_id: course.course_id,
    route_name: course.route_name,
    from_name: course.from_name,
    to_name: course.to_name,
    departure_at: course.departure_at,
    arrival_at: course.arrival_at,
    course_changed: ticket.course_changed,
    previous_course_id: ticket.course_changed ? booked.course_id : null,
    price_difference: ticket.course_changed ? ticket.price - paidFor : 0,
    issued_at: order.paid_at ?? order.placed_at,
    // When the seed's returns happened (as the order's timeline tells them).
    returned_at: returned ? later(order.paid_at ?? order.placed_at, 60 + index) : null,
    fee,
    coupon_refund: returned ? ticket.coupon_part : null,
    money_refund: fee === null ? null : ticket.price - fee - ticket.coupon_part,
  };
}

function ticketRows(db: Db) {
  return newestFirst(db).flatMap((order) => order.tickets.map((ticket, index) => ticketRow(db, order, ticket, index)));
}

/** StampCardView of the demo user (the only account with stamps in the mock). */
function stampCards() {
  const jan = mockUserFor('jan.kowalski@example.com');
  const card = demoStampCard();
  return [{ user_id: jan.id, email: jan.email, first_name: jan.first_name, last_name: jan.last_name, stamps: card.stamps, rewards: card.rewards.length, needed: card.needed, updated_at: '2026-03-14T10:12:00Z' }];
}

export const adminOrderPartHandlers = [
  adminRead('/order/order-customer/all', (_, url, db) => page(newestFirst(db).map((order) => customerRow(db, order)), url)),
  adminRead('/order/order-customer/one', (_, url, db) => {
    const order = orderParam(url, db);
    return order instanceof Response ? order : HttpResponse.json({ data: customerRow(db, order) });
  }),
  adminRead('/order/order-user/one', (_, url, db) => {
    const order = orderParam(url, db);
    return order instanceof Response ? order : HttpResponse.json({ data: orderUser(order) });
  }),
  adminRead('/order/order-user/courses', (_, url, db) => {
    const order = orderParam(url, db);
    return order instanceof Response ? order : HttpResponse.json({ data: orderCourses(order) });
  }),
  adminRead('/order/order-waypoint/all', (_, url, db) =>
    page(newestFirst(db).flatMap((order) => [order.outbound, order.back].filter((leg): leg is MockLeg => leg !== null).map((leg) => waypointRow(order, leg))), url),
  ),
  adminRead('/order/order-waypoint/one', (_, url, db) => {
    const order = orderParam(url, db);
    if (order instanceof Response) return order;
    const kind = legKind(url);
    if (kind instanceof Response) return kind;
    const leg = kind === 'back' ? order.back : order.outbound;
    return leg ? HttpResponse.json({ data: waypointRow(order, leg) }) : notFound(`the order ${order.id} has no return leg`);
  }),
  adminRead('/order/order-waypoint/calculate-dates', (_, url, db) => {
    const order = orderParam(url, db);
    if (order instanceof Response) return order;
    const courseId = uuidParam(url, 'courseId', 'a course id');
    if (typeof courseId !== 'string') return courseId;
    const kind = legKind(url);
    if (kind instanceof Response) return kind;
    const leg = kind === 'back' ? order.back : order.outbound;
    return leg ? calculateDates(order, leg, courseId) : notFound(`the order ${order.id} has no return leg`);
  }),
  adminRead('/order/ticket/all', (_, url, db) => page(ticketRows(db), url)),
  adminRead('/order/ticket/one', (_, url, db) => {
    const id = uuidParam(url, 'id', 'a ticket id');
    if (typeof id !== 'string') return id;
    const row = ticketRows(db).find((ticket) => ticket.id === id);
    return row ? HttpResponse.json({ data: row }) : notFound(`there is no ticket ${id}`);
  }),
  adminRead('/course/stamp/all', (_, url) => page(stampCards(), url)),
  adminRead('/course/stamp/one', (_, url) => {
    const id = uuidParam(url, 'id', 'a user id');
    if (typeof id !== 'string') return id;
    const card = stampCards().find((candidate) => candidate.user_id === id);
    return card ? HttpResponse.json({ data: card }) : notFound(`the user ${id} has no stamp card`);
  }),
];
