// A customer moves a paid ticket to a cheaper course from the ticket's page. The ticket is bought
// through the API (the order form has its own journeys); then the carrier lowers the fare of the
// stretch, so later courses cost less than was paid, and the customer, on a phone, picks one of them,
// sees the refund before confirming, and changes. Against the real backend; the fare is put back
// afterwards, since the specs share one database.
import { expect, test } from '@playwright/test';

import { apiSearch, apiToken, jansTicket } from './booking-support';
import { ADMIN, dismissNotices, expectAccessible, JAN, logIn } from './support';

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

test('a ticket moves to a cheaper course from its page, with the refund shown first', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  // Jan buys one ticket and pays in the sandbox.
  const { from, to, first, order, number } = await jansTicket(request, 5);

  // The carrier lowers the fare of the stretch by 3 zł.
  const admin = await apiToken(request, ADMIN);
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

test('a ticket moves to a dearer course once the difference is paid, and only then frees its seat', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const { from, to, day, first, jan, number } = await jansTicket(request, 6);
  const seatsOn = async (courseId: string, on = day) =>
    (await apiSearch(request, from, to, on)).find((course) => course.course_id === courseId)?.seats_available ?? -1;
  const bought = await seatsOn(first.course_id);

  // The carrier raises the fare of the stretch by 3 zł: every other course now costs more.
  const admin = await apiToken(request, ADMIN);
  const auth = { Authorization: `Bearer ${admin}` };
  const prices = await request.get('/api/route/route-price/all', {
    headers: auth,
    params: { 'filter[route_id][eq]': first.route_id, 'filter[from_waypoint_id][eq]': from, 'filter[to_waypoint_id][eq]': to },
  });
  const [fare] = ((await prices.json()) as { data: { models: { id: number; price: number }[] } }).data.models;
  if (!fare) throw new Error('no fare for the stretch');
  restore = { id: fare.id, price: fare.price, token: admin };
  expect((await request.put(`/api/route/route-price/save?id=${fare.id}`, { headers: auth, data: { price: fare.price + 300 } })).status()).toBe(200);

  await logIn(page, JAN);
  await dismissNotices(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/user/your-tickets');
  await page.getByRole('list', { name: 'Twoje bilety' }).getByRole('link', { name: `Bilet ${number}` }).click();
  const section = page.getByRole('region', { name: 'Zmień kurs' });
  await section.getByRole('button', { name: 'Wybierz nowy kurs' }).click();
  const dearer = section.getByRole('radio', { name: /dopłata 3,00\szł$/ }).first();
  const target = await dearer.inputValue();
  await dearer.check();
  await section.getByRole('button', { name: 'Dalej' }).click();
  await expect(section.getByText(/^Dopłacisz 3,00\szł online\./)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('change-dearer-390.png'), fullPage: true });
  // The chosen course's day (the options span the next weeks).
  const options = await request.get('/api/order/ticket/change-options', { headers: { Authorization: `Bearer ${jan}` }, params: { number } });
  const chosen = ((await options.json()) as { data: { options: { course_id: string; departure_at: string }[] } }).data.options.find(
    (option) => option.course_id === target,
  );
  const targetDay = chosen?.departure_at.slice(0, 10) ?? day;
  const before = await seatsOn(target, targetDay);
  await section.getByRole('button', { name: /^Zmień kurs i zapłać 3,00\szł$/ }).click();

  // At the gateway: the new seat is held, and the old one still taken.
  await expect(page).toHaveURL(/\/payment\/sandbox\//);
  await expect.poll(() => seatsOn(target, targetDay)).toBe(before - 1);
  expect(await seatsOn(first.course_id)).toBe(bought);
  await page.getByRole('button', { name: 'Zapłać' }).click();

  // Back on the ticket: on its new course, and the old seat is free again.
  await expect(page).toHaveURL(/\/user\/your-tickets\/[\w-]+$/, { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Zmień kurs' })).toContainText('został już zmieniony', { timeout: 15_000 });
  await expect.poll(() => seatsOn(first.course_id)).toBe(bought + 1);
  expect(await seatsOn(target, targetDay)).toBe(before - 1);
  await page.screenshot({ path: testInfo.outputPath('change-dearer-paid-390.png'), fullPage: true });
});
