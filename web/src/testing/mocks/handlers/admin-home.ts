// The panel's home page (`GET /admin/home`, admin only): the mock's paid orders summed as the server
// sums them (an order on the day it was paid under its outbound route, its tickets under their legs'),
// one course today and one tomorrow with the load of their stretches, and a few things needing attention.
import { http, HttpResponse } from 'msw';

import { apiUrl } from '../api-url';
import { readDb } from '../data/booking-db';
import { waitingRefunds } from '../data/till';

import { isAdmin } from './admin';

type Sums = { orders: number; tickets: number; revenue: number; returns: number; refunded: number };
const zero = (): Sums => ({ orders: 0, tickets: 0, revenue: 0, returns: 0, refunded: 0 });
const warsawDay = (instant: string | Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date(instant));

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function sales(today: string) {
  const from = addDays(today, -29);
  const days = new Map<string, Sums>();
  const routes = new Map<number, { route_id: number; route_name: string } & Sums>();
  const route = (id: number, name: string) => routes.get(id) ?? routes.set(id, { route_id: id, route_name: name, ...zero() }).get(id)!;
  for (const order of readDb().orders) {
    if (!order.paid_at) continue;
    const day = warsawDay(order.paid_at);
    if (day < from || day > today) continue;
    const sums = days.get(day) ?? days.set(day, zero()).get(day)!;
    const outbound = route(order.outbound.route_id, order.outbound.route_name);
    sums.orders += 1;
    sums.revenue += order.to_pay;
    outbound.orders += 1;
    outbound.revenue += order.to_pay;
    for (const ticket of order.tickets) {
      const leg = ticket.leg === 'back' && order.back ? order.back : order.outbound;
      sums.tickets += 1;
      route(leg.route_id, leg.route_name).tickets += 1;
    }
  }
  const list = Array.from({ length: 30 }, (_, i) => addDays(from, i)).map((day) => ({ day, ...(days.get(day) ?? zero()) }));
  const totals = list.reduce((t, d) => ({ orders: t.orders + d.orders, tickets: t.tickets + d.tickets, revenue: t.revenue + d.revenue, returns: t.returns + d.returns, refunded: t.refunded + d.refunded }), zero());
  return { from, to: today, days: list, routes: [...routes.values()].sort((a, b) => b.revenue - a.revenue), totals };
}

function course(id: string, departure: string, extra: { cancelled?: boolean; delay_minutes?: number | null }) {
  return {
    course_id: id,
    route_id: 1,
    route_name: 'Nisko – Kraków',
    departure_at: departure,
    seats: 50,
    cancelled: extra.cancelled ?? false,
    delay_minutes: extra.delay_minutes ?? null,
    departed: false,
    sold: 3,
    boarded: null,
    stretches: [
      { from_name: 'Nisko, Dworzec', to_name: 'Rzeszów', sold: 3, held: 1, free: 46 },
      { from_name: 'Rzeszów', to_name: 'Kraków MDA', sold: 2, held: 0, free: 48 },
    ],
  };
}

/** The home page's answer (`AdminHome`) on the day it is asked: a test may change a part of it. */
export function adminHomeData() {
  const today = warsawDay(new Date());
  const courses = [
    course('c0a80000-0000-4000-8000-000000000001', `${today}T18:30:00+01:00`, { delay_minutes: 25 }),
    course('c0a80000-0000-4000-8000-000000000002', `${addDays(today, 1)}T07:15:00+01:00`, { cancelled: true }),
  ];
  const attention = {
    failed_refunds: 0,
    failed_refund_list: [] as { refund_id: string; order_id: string; order_number: string; amount: number; created_at: string }[],
    ksef_waiting: 2,
    ksef_offline: 0,
    ksef_rejected: 1,
    ksef_deadlines: 0,
    complaints_due: 1,
    payments_due: 0,
    privacy_requests: 1,
    late_departures: 1,
    // Refunds of orders paid at the desk, waiting there to be paid out (the till's page lists them).
    desk_refunds: waitingRefunds(readDb()).length,
  };
  return { today, courses, sales: sales(today), attention };
}

export const adminHomeHandlers = [
  http.get(apiUrl('/admin/home'), ({ request }) => {
    if (!isAdmin(request)) return undefined;
    return HttpResponse.json({ data: adminHomeData() });
  }),
];
