// Steps of the booking journey shared by the Polish and English specs. They drive the real backend:
// `coach serve` with a freshly seeded database (the demo coupons NISKO10 and NISKO50 are spent by the
// specs, so each run needs a new database, as the CI script makes).
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

import { ADMIN, JAN } from './support';

/** `YYYY-MM-DD` in Warsaw, `days` from today. */
export function warsawDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date(Date.now() + days * 86_400_000));
}

/** Picks a stop in one of the search form's comboboxes by typing and choosing from the list. */
export async function pickStop(page: Page, label: string, typed: string, option: RegExp): Promise<void> {
  const input = page.getByRole('combobox', { name: label });
  await input.fill(typed);
  await page.getByRole('option', { name: option }).click();
  await expect(input).toHaveAttribute('aria-expanded', 'false');
}

/** Chooses, in a discount select, the option whose text contains `text`. */
export async function chooseDiscount(select: Locator, text: string): Promise<void> {
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value');
  expect(value, `a discount option containing "${text}"`).toBeTruthy();
  await select.selectOption(value ?? '');
}

/** The numbers and codes of the tickets shown on the success page. */
export async function ticketsOnSuccessPage(page: Page, region: string): Promise<{ number: string; code: string }[]> {
  const cards = page.getByRole('region', { name: region }).getByRole('listitem');
  const found: { number: string; code: string }[] = [];
  for (const card of await cards.all()) {
    const values = await card.locator('dd').allInnerTexts();
    found.push({ number: values[0] ?? '', code: values[1] ?? '' });
  }
  return found;
}

/** A bearer token for a demo account, through the login call. */
export async function apiToken(request: APIRequestContext, account: { email: string; password: string }): Promise<string> {
  const answer = await request.post('/api/user/auth/login', { data: { email: account.email, password: account.password } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

/** The id of the first stop whose name starts with `name`. */
export async function apiStopId(request: APIRequestContext, name: string): Promise<number> {
  const answer = await request.get('/api/route/waypoint/search-dropdown', { params: { q: name } });
  const stops = ((await answer.json()) as { data: { id: number; name: string }[] }).data;
  const stop = stops.find((candidate) => candidate.name.startsWith(name));
  expect(stop, `a stop named ${name}`).toBeTruthy();
  return stop?.id ?? 0;
}

/** A course found by the search, as the order needs it. */
export interface Connection {
  course_id: string;
  route_id: number;
  route_name: string;
  departure_time: string;
  price: number;
  seats_available: number;
  /** Cancelled by the carrier (issue 28): still found, never sold. */
  cancelled?: boolean;
}

/** The one-way courses from `from` to `to` on a Warsaw day (`YYYY-MM-DD`). */
export async function apiSearch(request: APIRequestContext, from: number, to: number, date: string): Promise<Connection[]> {
  const search = await request.post('/api/search/search/index', { data: { start: from, end: to, date } });
  expect(search.status()).toBe(200);
  return ((await search.json()) as { data: { outbound: Connection[] } }).data.outbound;
}

export interface PlacedOrder {
  order_id: string;
  hash_id: string;
  payment_url: string;
}

interface OrderRequest {
  course: Connection;
  /** A return trip: the course back, from `to` to `from` (absent: one way). */
  back?: Connection;
  from: number;
  to: number;
  passengers: number;
  customer: { first_name: string; last_name: string; email: string };
  invoice?: { vat_number: string; company_name: string; address: string; postal_code: string; city: string };
  /** A logged-in customer's token; a guest order without it. */
  token?: string;
}

/** Places an order through the API (one way, or there and `back`; the order form has journeys of its own)
 * and pays it in the sandbox. */
export async function apiPlaceAndPay(request: APIRequestContext, order: OrderRequest): Promise<PlacedOrder> {
  const placed = await request.post('/api/order/order/place', {
    headers: order.token ? { Authorization: `Bearer ${order.token}` } : {},
    data: {
      course: { course_id: order.course.course_id, from: { id: order.from }, to: { id: order.to } },
      courseReturn: order.back ? { course_id: order.back.course_id, from: { id: order.to }, to: { id: order.from } } : {},
      tickets: [{ qty: order.passengers, discount_id: null }],
      customer: { ...order.customer, phone: '+48 600 100 200', consent_statute: 1, consent_gdpr: 1, notify_by_sms: 0, id: null },
      invoice: order.invoice ? { is_selected: 1, country: 'PL', ...order.invoice } : { is_selected: 0, country: 'PL' },
      coupon: { code: null, value: 0 },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const answer = ((await placed.json()) as { data: PlacedOrder }).data;
  const paymentToken = answer.payment_url.split('/').pop() ?? '';
  expect((await request.post(`/api/payment/sandbox/${paymentToken}/pay`, { maxRedirects: 0 })).status()).toBe(303);
  return answer;
}

/** The ticket numbers of a paid order, once the read model shows them. */
export async function apiTicketNumbers(request: APIRequestContext, hashId: string, count: number): Promise<string[]> {
  let numbers: string[] = [];
  await expect
    .poll(async () => {
      const shown = await request.get('/api/order/order/success-data', { params: { hash_id: hashId } });
      if (!shown.ok()) return 0;
      numbers = ((await shown.json()) as { data: { tickets: { number: string }[] } }).data.tickets.map((ticket) => ticket.number);
      return numbers.length;
    }, { timeout: 20_000 })
    .toBe(count);
  return numbers;
}

/**
 * A course of the seeded route `routeName` leaving in about `minutesAhead` minutes (the first free
 * minute), made by the admin through the API: its departure.
 */
export async function courseSoon(request: APIRequestContext, routeName: string, minutesAhead: number): Promise<Date> {
  const auth = { Authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  const answer = await request.get('/api/route/route/all', { headers: auth, params: { 'per-page': 100 } });
  const routes = ((await answer.json()) as { data: { models: { id: number; name: string }[] } }).data.models;
  const route = routes.find((candidate) => candidate.name === routeName);
  if (!route) throw new Error(`the seeded route ${routeName}`);
  for (let minutes = minutesAhead; minutes < minutesAhead + 10; minutes += 1) {
    const departure = new Date(Math.ceil((Date.now() + minutes * 60_000) / 60_000) * 60_000);
    const created = await request.post('/api/course/course/save', { headers: auth, data: { route_id: route.id, departure_at: departure.toISOString(), seats: 10 } });
    if (created.status() !== 422) {
      expect(created.ok(), await created.text()).toBe(true);
      return departure;
    }
  }
  throw new Error('a free minute for the course');
}

/**
 * Jan's paid ticket Tarnobrzeg → Mielec on the first course `days` days ahead (bought through the API,
 * paid in the sandbox), with the day's other courses to move it to.
 */
export async function jansTicket(request: APIRequestContext, days: number) {
  const [from, to] = [await apiStopId(request, 'Tarnobrzeg'), await apiStopId(request, 'Mielec')];
  const day = warsawDay(days);
  // Another spec on the shared server may have cancelled one of the day's courses (course-disruption).
  const found = (await apiSearch(request, from, to, day)).filter((course) => !course.cancelled);
  expect(found.length, `courses Tarnobrzeg → Mielec in ${days} days`).toBeGreaterThan(1);
  const [first] = found;
  if (!first) throw new Error('no course');
  const jan = await apiToken(request, JAN);
  const order = await apiPlaceAndPay(request, {
    course: first, from, to, passengers: 1, token: jan,
    customer: { first_name: 'Jan', last_name: 'Kowalski', email: JAN.email },
  });
  const [number = ''] = await apiTicketNumbers(request, order.hash_id, 1);
  expect(number).toMatch(/^NK-/);
  return { from, to, day, first, jan, order, number };
}
