// The mocks of the spec's order parts (handlers/admin-order-parts.ts) tell the same story as the other
// order mocks: the same customers, accounts, courses, tickets and stamps as the order view, the
// customer's tickets and the stamp card show, and the server's refusals.
import { beforeEach, describe, expect, it } from 'vitest';

import type { ApiSchema } from '@/shared/api/schema';

import { readDb, resetBookingDb } from './data/booking-db';
import { COMPANY_ORDER_HASH, DEMO_ORDER_HASHES } from './data/booking-seed';
import { courseId, warsawToday } from './data/catalogue';
import { mockTokenFor, mockUserFor } from './handlers/accounts';

const ADMIN = mockTokenFor('admin@example.com');
const JAN = 'jan.kowalski@example.com';

interface ErrorBody {
  status: number;
  errors?: { field: string }[];
}

/** `GET /api{url}` with `token`: the status, and the body's `data` (or the error body). */
async function call<T>(url: string, token: string | null = ADMIN): Promise<{ status: number; data: T; error: ErrorBody }> {
  const response = await fetch(new URL(`/api${url}`, window.location.origin), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const body = (await response.json()) as { data: T } & ErrorBody;
  return { status: response.status, data: body.data, error: body };
}

/** The `data` of an admin's `GET /api{url}`. */
async function data<T>(url: string, token: string | null = ADMIN): Promise<T> {
  return (await call<T>(url, token)).data;
}

type Page<T> = { models: T[] };

const orderOf = (hash: string) => {
  const order = readDb().orders.find((candidate) => candidate.hash_id === hash);
  if (!order) throw new Error(`no seeded order ${hash}`);
  return order;
};

function dayAfter(days: number): string {
  const date = new Date(`${warsawToday()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

describe('the order parts mocks', () => {
  beforeEach(() => resetBookingDb());

  it('answer the customer and the account an order view shows', async () => {
    const company = orderOf(COMPANY_ORDER_HASH);
    const view = await data<ApiSchema<'AdminOrderView'>>(`/order/order/one?id=${company.id}`);
    const { status, data: customer } = await call<ApiSchema<'OrderCustomer'>>(`/order/order-customer/one?id=${company.id}`);
    expect(status).toBe(200);
    expect(customer).toMatchObject({ ...view.customer, order_id: company.id, number: view.number, status: view.status, user_id: null });
    expect(await data(`/order/order-user/one?id=${company.id}`)).toEqual({ order_id: company.id, user: null });

    const jans = orderOf(DEMO_ORDER_HASHES[0]);
    const owner = await data<ApiSchema<'OrderUser'>>(`/order/order-user/one?id=${jans.id}`);
    expect(owner.user).toEqual(mockUserFor(JAN));
    expect((await data<ApiSchema<'AdminOrderView'>>(`/order/order/one?id=${jans.id}`)).user_id).toBe(owner.user?.id);
    const found = await data<Page<ApiSchema<'OrderCustomer'>>>('/order/order-customer/all?filter[last_name][like]=zieli');
    expect(found.models.map((row) => row.order_id)).toEqual([company.id]);
  });

  it('answer the courses an order travels on, after a change and a return', async () => {
    // Two tickets, one of them returned: only the other travels.
    const partly = orderOf(DEMO_ORDER_HASHES[2]);
    const courses = await data<ApiSchema<'OrderCourse'>[]>(`/order/order-user/courses?id=${partly.id}`);
    expect(courses).toEqual([expect.objectContaining({ kind: 'outbound', course_id: partly.outbound.course_id, tickets: [partly.tickets[0]?.number] })]);

    // Jan moves one of two tickets to the next day's course.
    const jans = orderOf(DEMO_ORDER_HASHES[0]);
    const moved = jans.tickets[1]?.number ?? '';
    const later = courseId(1, dayAfter(6), '07:30');
    const change = await fetch(new URL('/api/order/order/change-course', window.location.origin), {
      method: 'POST',
      headers: { Authorization: `Bearer ${mockTokenFor(JAN)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ number: moved, course_id: later }),
    });
    expect(change.status).toBe(200);
    const now = await data<ApiSchema<'OrderCourse'>[]>(`/order/order-user/courses?id=${jans.id}`);
    expect(now.map((course) => [course.course_id, course.tickets])).toEqual([
      [jans.outbound.course_id, [jans.tickets[0]?.number]],
      [later, [moved]],
    ]);
    // The leg stays as booked; the moved ticket's row says where it was.
    expect((await data<ApiSchema<'OrderWaypoint'>>(`/order/order-waypoint/one?id=${jans.id}`)).course_id).toBe(jans.outbound.course_id);
    const ticket = await data<ApiSchema<'AdminTicket'>>(`/order/ticket/one?id=${jans.tickets[1]?.id ?? ''}`);
    expect(ticket).toMatchObject({ number: moved, course_id: later, course_changed: true, previous_course_id: jans.outbound.course_id });
  });

  it('answer where a leg would be on another course, and refuse what the server refuses', async () => {
    const jans = orderOf(DEMO_ORDER_HASHES[0]);
    const later = courseId(1, dayAfter(6), '07:30');
    const { status, data: dates } = await call<ApiSchema<'CalculatedDates'>>(`/order/order-waypoint/calculate-dates?id=${jans.id}&courseId=${later}`);
    expect(status).toBe(200);
    expect(dates).toMatchObject({ course_id: later, kind: 'outbound', same_route: true, on_sale: true, from_waypoint_id: jans.outbound.from_waypoint_id });
    expect(Date.parse(dates.departure_at) - Date.parse(jans.outbound.departure_at)).toBe(86_400_000);
    // Each ticket at its line's price there (the discounted line keeps its discount): the same fare.
    expect(dates.tickets.map((t) => [t.number, t.price_difference])).toEqual(jans.tickets.map((t) => [t.number, 0]));

    const backwards = courseId(2, dayAfter(6), '06:45');
    const refused = await call(`/order/order-waypoint/calculate-dates?id=${jans.id}&courseId=${backwards}`);
    expect([refused.status, refused.error.errors?.[0]?.field]).toEqual([422, 'courseId']);
    expect((await call(`/order/order-waypoint/calculate-dates?id=${jans.id}&courseId=00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await call(`/order/order-waypoint/calculate-dates?id=${jans.id}&courseId=7`)).status).toBe(422);
    expect((await call(`/order/order-waypoint/one?id=${jans.id}&kind=back`)).status).toBe(404);
    expect((await call(`/order/order-waypoint/one?id=${jans.id}&kind=sideways`)).status).toBe(422);
    expect((await call('/order/order-customer/one?id=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call('/order/ticket/one?id=NK-2026-000101')).status).toBe(422);
    expect((await call('/order/order-customer/all', null)).status).toBe(401);
    expect((await call('/order/order-customer/all', mockTokenFor(JAN))).status).toBe(403);
  });

  it('answer the stamp card the customer sees', async () => {
    const jan = mockUserFor(JAN);
    const mine = await data<ApiSchema<'UserStamps'>>('/course/stamp/user-stamps', mockTokenFor(JAN));
    const card = await data<ApiSchema<'StampCardView'>>(`/course/stamp/one?id=${jan.id}`);
    expect(card).toMatchObject({ user_id: jan.id, email: JAN, stamps: mine.stamps, needed: mine.needed, rewards: mine.rewards.length });
    expect((await data<Page<ApiSchema<'StampCardView'>>>('/course/stamp/all')).models).toEqual([card]);
    expect((await call(`/course/stamp/one?id=${mockUserFor('admin@example.com').id}`)).status).toBe(404);
  });
});
