// A customer moves a paid ticket to a cheaper course from the ticket's page. The ticket is bought
// through the API (the order form has its own journeys); then the carrier lowers the fare of the
// stretch, so later courses cost less than was paid, and the customer, on a phone, picks one of them,
// sees the refund before confirming, and changes. Against the real backend; the fare is put back
// afterwards, since the specs share one database.
import { expect, test, type APIRequestContext } from '@playwright/test';

/** The fare to put back after the test, however it ends (its own request context: the test's may be gone). */
let restore: { id: number; price: number; token: string } | null = null;

test.afterEach(async ({ playwright, baseURL }) => {
  if (!restore) return;
  const context = await playwright.request.newContext({ baseURL });
  const { id, price, token: admin } = restore;
  const answer = await context.put(`/api/route/route-price/save?id=${id}`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: { price },
  });
  expect(answer.status(), 'the fare is put back').toBe(200);
  restore = null;
  await context.dispose();
});

import { warsawDay } from './booking-support';
import { ADMIN, dismissNotices, expectAccessible, JAN, logIn } from './support';


async function token(request: APIRequestContext, account: { email: string; password: string }): Promise<string> {
  const answer = await request.post('/api/user/auth/login', { data: { email: account.email, password: account.password } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

async function stopId(request: APIRequestContext, name: string): Promise<number> {
  const answer = await request.get('/api/route/waypoint/search-dropdown', { params: { q: name } });
  const stops = ((await answer.json()) as { data: { id: number; name: string }[] }).data;
  const stop = stops.find((candidate) => candidate.name.startsWith(name));
  expect(stop, `a stop named ${name}`).toBeTruthy();
  return stop?.id ?? 0;
}

interface Connection {
  course_id: string;
  route_id: number;
  departure_time: string;
  price: number;
}

test('a ticket moves to a cheaper course from its page, with the refund shown first', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const [from, to] = [await stopId(request, 'Tarnobrzeg'), await stopId(request, 'Mielec')];
  const search = await request.post('/api/search/search/index', { data: { start: from, end: to, date: warsawDay(5) } });
  const found = ((await search.json()) as { data: { outbound: Connection[] } }).data.outbound;
  expect(found.length, 'courses Tarnobrzeg → Mielec in five days').toBeGreaterThan(1);
  const [first] = found;
  if (!first) throw new Error('no course');

  // Jan buys one ticket and pays in the sandbox.
  const jan = await token(request, JAN);
  const placed = await request.post('/api/order/order/place', {
    headers: { Authorization: `Bearer ${jan}` },
    data: {
      course: { course_id: first.course_id, from: { id: from }, to: { id: to } },
      courseReturn: {},
      tickets: [{ qty: 1, discount_id: null }],
      customer: {
        first_name: 'Jan', last_name: 'Kowalski', email: JAN.email, phone: '+48 600 100 200',
        consent_statute: 1, consent_gdpr: 1, notify_by_sms: 0, id: null,
      },
      invoice: { is_selected: 0, country: 'PL' },
      coupon: { code: null, value: 0 },
    },
  });
  expect(placed.status()).toBe(201);
  const order = ((await placed.json()) as { data: { order_id: string; hash_id: string; payment_url: string } }).data;
  const paymentToken = order.payment_url.split('/').pop() ?? '';
  expect((await request.post(`/api/payment/sandbox/${paymentToken}/pay`, { maxRedirects: 0 })).status()).toBe(303);
  let number = '';
  await expect
    .poll(async () => {
      const shown = await request.get('/api/order/order/success-data', { params: { hash_id: order.hash_id } });
      if (!shown.ok()) return '';
      const tickets = ((await shown.json()) as { data: { tickets: { number: string }[] } }).data.tickets;
      number = tickets[0]?.number ?? '';
      return number;
    })
    .toMatch(/^NK-/);

  // The carrier lowers the fare of the stretch by 3 zł.
  const admin = await token(request, ADMIN);
  const auth = { Authorization: `Bearer ${admin}` };
  const prices = await request.get('/api/route/route-price/all', {
    headers: auth,
    params: {
      'filter[route_id][eq]': first.route_id,
      'filter[from_waypoint_id][eq]': from,
      'filter[to_waypoint_id][eq]': to,
    },
  });
  const [fare] = ((await prices.json()) as { data: { models: { id: number; price: number }[] } }).data.models;
  if (!fare) throw new Error('no fare for the stretch');
  restore = { id: fare.id, price: fare.price, token: admin };
  const lowered = await request.put(`/api/route/route-price/save?id=${fare.id}`, { headers: auth, data: { price: fare.price - 300 } });
  expect(lowered.status()).toBe(200);

  await logIn(page, JAN);
  await dismissNotices(page);
  // The rest on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/user/your-tickets');
  await page.getByRole('list', { name: 'Twoje bilety' }).getByRole('link', { name: `Bilet ${number}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Bilet ${number}` })).toBeVisible();

  // The rule comes first, then the courses with the refund each would give.
  const section = page.getByRole('region', { name: 'Zmień kurs' });
  await expect(section).toContainText('tylko raz');
  await section.getByRole('button', { name: 'Wybierz nowy kurs' }).click();
  const option = section.getByRole('radio').first();
  await expect(section.getByText('zwrot 3,00 zł').first()).toBeVisible();
  await option.check();
  await expectAccessible(page, testInfo, 'change-course');
  await page.screenshot({ path: testInfo.outputPath('change-course-390.png'), fullPage: true });
  await section.getByRole('button', { name: 'Dalej' }).click();
  await expect(section.getByText('Zwrócimy Ci 3,00 zł')).toBeVisible();
  await section.getByRole('button', { name: 'Tak, zmień kurs' }).click();
  await expect(page.getByText('Kurs biletu został zmieniony.')).toBeVisible();
  await expect(section.getByText('Różnicę w cenie, 3,00 zł, zwrócimy tak jak zwrot biletu.')).toBeVisible();
  // Once only: opened again, the ticket says so and offers nothing.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Zmień kurs' })).toContainText('został już zmieniony');
  await page.screenshot({ path: testInfo.outputPath('change-course-done-390.png'), fullPage: true });

  // The refund of the difference goes to the gateway.
  await expect
    .poll(async () => {
      const one = await request.get('/api/order/order/one', { headers: auth, params: { id: order.order_id } });
      const refunds = ((await one.json()) as { data: { gateway_refunds: { amount: number }[] } }).data.gateway_refunds;
      return refunds.map((refund) => refund.amount);
    })
    .toEqual([300]);
});
