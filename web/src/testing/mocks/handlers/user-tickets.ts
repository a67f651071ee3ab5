// The logged-in user's tickets (POST /user/user/my-tickets, list conventions) and stamp card
// (GET /course/stamp/user-stamps), and the orders paid as a guest under the demo user's address that
// can be attached (GET /user/user/guest-orders, POST /user/user/attach-guest-orders, issue #30). All
// need a bearer token; any token counts as the demo user (whose address is confirmed).
import { http, HttpResponse } from 'msw';

import { apiUrl } from '../api-url';
import { readDb, withDb } from '../data/booking-db';
import { DEMO_USER_EMAIL, DEMO_USER_ID } from '../data/booking-seed';
import type { Db } from '../data/booking-types';
import { formatPln } from '../data/catalogue';
import { ticketDisruptionOf } from '../data/disruption-store';
import { orderInvoices } from '../data/order-admin';
import { ticketLeg, ticketQr } from '../data/orders';

import { errorAnswer, validationError } from './errors';

/** Stamps collected before the orders in the mock database (the demo user's history). */
export const EARLIER_STAMPS = 4;
export const STAMPS_PER_REWARD = 10;
export const REWARD_VALUE = 2000;

function unauthorized() {
  return errorAnswer(401, 'Unauthorized', 'You need to log in.');
}

function loggedIn(request: Request): boolean {
  return /^Bearer\s+\S+/.test(request.headers.get('authorization') ?? '');
}

/** One row per ticket of the user's orders, as my-tickets lists them. */
export function myTicketRows() {
  const db = readDb();
  return db.orders
    .filter((order) => order.user_id === DEMO_USER_ID && order.status !== 'pending_payment')
    .flatMap((order) =>
      order.tickets.map((ticket) => {
        const leg = ticketLeg(order, ticket);
        return {
          id: ticket.id,
          number: ticket.number,
          code: ticket.code,
          status: ticket.status,
          leg: ticket.leg,
          line: ticket.line,
          price: ticket.price,
          price_formatted: formatPln(ticket.price),
          order_id: order.id,
          hash_id: order.hash_id,
          order_number: order.number,
          order_status: order.status,
          route_name: leg.route_name,
          from_name: leg.from_name,
          to_name: leg.to_name,
          departure_at: leg.departure_at,
          arrival_at: leg.arrival_at,
          course_changed: ticket.course_changed,
          qr: ticketQr(order, ticket),
          // The order's invoices and corrections (contract of issue 17).
          invoices: orderInvoices(db, order),
          discount_name: order.lines.find((line) => line.line === ticket.line)?.discount?.name ?? null,
          disruption: ticketDisruptionOf(leg.course_id, leg.departure_at, ticket.status),
        };
      }),
    );
}

/** The paid orders without an account under the demo user's address (compared in lower case, as the API does). */
function guestOrdersOf(db: Db) {
  return db.orders.filter(
    (order) => order.user_id === null && order.paid_at !== null && order.customer.email.toLowerCase() === DEMO_USER_EMAIL,
  );
}

type Row = ReturnType<typeof myTicketRows>[number];
const SORTABLE = new Set(['departure_at', 'number', 'price', 'status']);
const FILTERABLE = new Set(['id', 'status', 'number', 'departure_at']);

export const userTicketHandlers = [
  http.post(apiUrl('/user/user/my-tickets'), ({ request }) => {
    if (!loggedIn(request)) return unauthorized();
    const params = new URL(request.url).searchParams;
    let rows = myTicketRows();

    for (const [key, value] of params) {
      const match = /^filter\[(\w+)]\[(\w+)]$/.exec(key);
      if (!match) continue;
      const [, field = '', op] = match;
      if (!FILTERABLE.has(field)) return validationError([{ field: key, message: `cannot filter by ${field}` }]);
      rows = rows.filter((row) => {
        const cell = String(row[field as Exclude<keyof Row, 'invoices' | 'disruption'>]);
        // Times compare as instants (the rows carry a +01:00/+02:00 offset, the filter may be UTC).
        const [a, b] = field === 'departure_at' ? [Date.parse(cell), Date.parse(value)] : [cell, value];
        if (op === 'eq') return a === b;
        if (op === 'gte') return a >= b;
        if (op === 'lt') return a < b;
        return true;
      });
    }

    const sort = params.get('sort') ?? '-departure_at';
    const field = sort.replace(/^-/, '');
    if (!SORTABLE.has(field)) return validationError([{ field: 'sort', message: `cannot sort by ${field}` }]);
    const direction = sort.startsWith('-') ? -1 : 1;
    const key = (row: Row) => (field === 'departure_at' ? Date.parse(row.departure_at) : String(row[field as Exclude<keyof Row, 'invoices' | 'disruption'>]));
    rows.sort((a, b) => direction * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

    const perPage = Math.min(Number(params.get('per-page') ?? 20) || 20, 1000);
    const page = Math.max(Number(params.get('page') ?? 1) || 1, 1);
    return HttpResponse.json({
      data: {
        models: rows.slice((page - 1) * perPage, page * perPage),
        pagination: { page, perPage, totalCount: rows.length, pageCount: Math.max(1, Math.ceil(rows.length / perPage)) },
      },
    });
  }),

  http.get(apiUrl('/user/user/guest-orders'), ({ request }) => {
    if (!loggedIn(request)) return unauthorized();
    return HttpResponse.json({ data: { count: guestOrdersOf(readDb()).length } });
  }),

  http.post(apiUrl('/user/user/attach-guest-orders'), ({ request }) => {
    if (!loggedIn(request)) return unauthorized();
    const orderIds = withDb((db) =>
      guestOrdersOf(db).map((order) => {
        order.user_id = DEMO_USER_ID;
        return order.id;
      }),
    );
    return HttpResponse.json({ data: { attached: orderIds.length, order_ids: orderIds, remaining: 0 } });
  }),

  http.get(apiUrl('/course/stamp/user-stamps'), ({ request }) => {
    if (!loggedIn(request)) return unauthorized();
    const { stamps, needed, rewards } = demoStampCard();
    return HttpResponse.json({
      data: {
        stamps,
        stamps_per_reward: STAMPS_PER_REWARD,
        needed,
        reward_value: REWARD_VALUE,
        reward_value_formatted: formatPln(REWARD_VALUE),
        rewards,
      },
    });
  }),
];

/** The demo user's stamp card: stamps (earlier ones and paid tickets not returned), tickets to the next reward, rewards. */
export function demoStampCard() {
  const db = readDb();
  const stamped = myTicketRows().filter(
    (row) => row.status === 'valid' && (row.order_status === 'paid' || row.order_status === 'returned'),
  ).length;
  const stamps = EARLIER_STAMPS + stamped;
  const rewards = db.coupons
    .filter((coupon) => coupon.code.startsWith('NAGRODA-'))
    .map((coupon) => ({
      code: coupon.code,
      value: coupon.initial_value,
      value_formatted: formatPln(coupon.initial_value),
      current_value: coupon.current_value,
      current_value_formatted: formatPln(coupon.current_value),
      expires_at: coupon.expires_at,
      earned_at: '2026-03-14T10:12:00Z',
    }));
  return { stamps, needed: STAMPS_PER_REWARD - (stamps % STAMPS_PER_REWARD), rewards };
}
