// The mock backend's starting data: the demo account's orders and the coupons.
import type { Db, MockCustomer } from './booking-types';
import { connectionFor, courseId, warsawToday } from './catalogue';
import { createOrder, markPaid } from './orders';

/** The demo account's user id (the auth mocks log in jan.kowalski@example.com). */
export const DEMO_USER_ID = 'user-jan-kowalski';

/** The demo account's (confirmed) e-mail address: guest orders placed with it can be attached. */
export const DEMO_USER_EMAIL = 'jan.kowalski@example.com';

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const JAN: MockCustomer = {
  first_name: 'Jan',
  last_name: 'Kowalski',
  email: 'jan.kowalski@example.com',
  phone: '+48 600 100 200',
  notify_by_sms: true,
};

/** The public ids of the seeded orders: in 5 days, 20 days ago, in 9 days (one ticket returned). */
export const DEMO_ORDER_HASHES = ['nk5dniknk2bilety', 'nk20dnitemukrak1', 'nk9dnirzeszow2b1'] as const;

/**
 * Demo orders of jan.kowalski@example.com (upcoming, past, and one with a returned ticket), and coupons.
 * The past one was placed before orders were numbered: it has no readable number.
 */
export function seed(now: Date = new Date()): Db {
  const db: Db = {
    orders: [],
    coupons: [
      { code: 'LATO2026', initial_value: 2000, current_value: 2000, expires_at: null },
      { code: 'PROMO10', initial_value: 1000, current_value: 1000, expires_at: null },
      { code: 'WYKORZYSTANY', initial_value: 1500, current_value: 0, expires_at: null },
      { code: 'ZIMA2025', initial_value: 2000, current_value: 2000, expires_at: '2025-03-01T00:00:00Z' },
      { code: 'NAGRODA-7Q2K', initial_value: 2000, current_value: 1200, expires_at: null },
    ],
    answers: {},
    nextOrder: 101,
    nextTicket: 101,
  };
  const today = warsawToday(now);
  const trips: { day: string; line: number; time: string; from: number; to: number; tickets: { qty: number; discount_id: number | null }[]; returnOne?: boolean; unnumbered?: boolean }[] = [
    { day: addDays(today, 5), line: 1, time: '07:30', from: 1, to: 11, tickets: [{ qty: 1, discount_id: null }, { qty: 1, discount_id: 7 }] },
    { day: addDays(today, -20), line: 2, time: '15:00', from: 11, to: 1, tickets: [{ qty: 1, discount_id: null }], unnumbered: true },
    { day: addDays(today, 9), line: 3, time: '09:40', from: 12, to: 1, tickets: [{ qty: 2, discount_id: null }], returnOne: true },
  ];
  for (const [index, trip] of trips.entries()) {
    const connection = connectionFor(courseId(trip.line, trip.day, trip.time), trip.from, trip.to);
    if (!connection) continue;
    const placed = new Date(Math.min(now.getTime(), new Date(connection.departure_at).getTime()) - 3 * 86_400_000);
    const order = createOrder(db, {
      user_id: DEMO_USER_ID,
      customer: JAN,
      invoice: null,
      outbound: connection,
      back: null,
      tickets: trip.tickets,
      coupon: null,
      origin: '',
      now: placed,
      hashId: DEMO_ORDER_HASHES[index],
      unnumbered: trip.unnumbered,
    });
    markPaid(db, order, new Date(placed.getTime() + 5 * 60_000));
    if (trip.returnOne && order.tickets[1]) order.tickets[1].status = 'returned';
  }
  seedCompanyOrder(db, addDays(today, 12), now);
  return db;
}

/** The public id of the seeded company order (a guest's, with an invoice and its correction). */
export const COMPANY_ORDER_HASH = 'nkfirmafaktura01';

/**
 * A company's order placed as a guest, with an invoice; one of its three tickets returned (so it has a
 * correction), and the return's refund refused by the gateway twice (for an admin to settle).
 */
function seedCompanyOrder(db: Db, day: string, now: Date): void {
  const connection = connectionFor(courseId(1, day, '07:30'), 1, 11);
  if (!connection) return;
  const placed = new Date(now.getTime() - 2 * 86_400_000);
  const order = createOrder(db, {
    user_id: null,
    customer: { first_name: 'Ewa', last_name: 'Zielińska', email: 'biuro@transbud.example', phone: '+48 15 841 22 33', notify_by_sms: false },
    invoice: { country: 'PL', vat_number: '8652398748', company_name: 'Transbud Nisko sp. z o.o.', address: 'ul. Kolejowa 12', postal_code: '37-400', city: 'Nisko' },
    outbound: connection,
    back: null,
    tickets: [{ qty: 3, discount_id: null }],
    coupon: null,
    origin: '',
    now: placed,
    hashId: COMPANY_ORDER_HASH,
  });
  markPaid(db, order, new Date(placed.getTime() + 4 * 60_000));
  const returned = order.tickets[2];
  if (!returned) return;
  returned.status = 'returned';
  const refund = returned.price - Math.floor((returned.price * 10 + 50) / 100);
  db.admin = {
    [order.id]: {
      payment_method: 'online',
      events: [],
      cancelled: null,
      corrections: [],
      refunds: [
        {
          refund_id: '5e0f0000-0000-4000-8000-000000000001',
          reason: `Zwrot biletu ${returned.number}`,
          amount: refund,
          status: 'refused',
          attempts: 2,
          last_error: 'gateway answered 400: the transaction is older than 180 days',
          created_at: new Date(placed.getTime() + 65 * 60_000).toISOString(),
          sent_at: null,
        },
      ],
    },
  };
}
