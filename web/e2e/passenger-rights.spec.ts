// Passenger rights on a phone (issue 39, EU Regulation 181/2011), against the real backend. The admin
// cancels a course (through the API: the course page's cancel is course-disruption.spec.ts's); each
// passenger opens the link of the e-mail (read from the `.eml` files the server writes) on a
// Pixel-sized phone:
// - a guest with a return ticket whose outbound course is cancelled takes the refund, which includes the
//   return leg: the order's page then shows both tickets returned and the money paid back;
// - a guest going Brzesko → Kraków on the "Nisko – Kraków" line picks the next day with "Inny termin"
//   and moves to a course of the other line serving both stops, "Tarnów – Kraków", then finds the
//   ticket on that course.
// The courses are 9 to 11 days ahead; a run before this one on the same server may have cancelled some
// of them, which are skipped.
import { devices, expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

import { apiPlaceAndPay, apiSearch, apiStopId, apiTicketNumbers, apiToken, warsawDay, type Connection } from './booking-support';
import { waitForMail } from './mail';
import { ADMIN, expectAccessible } from './support';

// A Pixel phone (its viewport, touch and user agent); the browser stays the config's Chromium.
const { defaultBrowserType: _browser, ...PIXEL } = devices['Pixel 7'];
test.use(PIXEL);

const run = Date.now().toString(36).slice(-6);
const NISKO_KRAKOW = 'Nisko – Kraków';
const KRAKOW_NISKO = 'Kraków – Nisko';
const TARNOW_KRAKOW = 'Tarnów – Kraków';
/** The choice page's address in an e-mail: `/odwolany-kurs/{token}` (or the English one). */
const CHOICE_LINK = /\/(?:odwolany-kurs|en\/disrupted-course)\/[^\s"'<>)]+/;

/** A link at the end of a sentence, without the sentence's full stop. */
function withoutTrailingPunctuation(link: string): string {
  return link.replace(/[.,;:!?]+$/, '');
}

/** `3900` -> `39,00` (the page writes the amount with a non-breaking space before `zł`). */
function zloty(grosz: number): string {
  return `${Math.floor(grosz / 100)},${String(grosz % 100).padStart(2, '0')}`;
}

/** A day as the page writes it in full ("czwartek, 10 grudnia 2026"). */
function fullDay(day: string): string {
  return new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${day}T12:00:00Z`));
}

/** `YYYY-MM-DD` `HH:MM` -> "dd.mm.yyyy, HH:MM", as the order's page writes a departure. */
function shortDateTime(day: string, time: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}, ${time}`;
}

/** The first course of `route` from `from` to `to` on `day` not cancelled before (by an earlier run). */
async function courseOf(request: APIRequestContext, route: string, from: number, to: number, day: string): Promise<Connection | null> {
  return (await apiSearch(request, from, to, day)).find((candidate) => !candidate.cancelled && candidate.route_name === route && candidate.seats_available > 0) ?? null;
}

/** Days ahead to look for a course to cancel: 9 first, later ones when earlier runs on this server
 * cancelled that day's courses (a line has four a day). */
const DAYS_AHEAD = Array.from({ length: 12 }, (_, i) => 9 + i);

/** The admin cancels the whole course with a reason (the passengers are told by e-mail). */
async function cancelCourse(request: APIRequestContext, courseId: string, reason: string): Promise<void> {
  const token = await apiToken(request, ADMIN);
  const answer = await request.post('/api/course/course/cancel', { headers: { Authorization: `Bearer ${token}` }, data: { course_id: courseId, reason } });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Opens the choice link of the e-mail to `email` written since `since`, on the phone. */
async function openChoiceLink(page: Page, email: string, since: number, reason: string): Promise<void> {
  const [link = ''] = await waitForMail(email, since, CHOICE_LINK);
  await page.goto(withoutTrailingPunctuation(link));
  await expect(page.getByRole('heading', { level: 1, name: 'Twój kurs został odwołany' })).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
}

/** Every part of the page lies within the phone's width: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect(overflow, 'the page scrolls sideways on the phone').toBeLessThanOrEqual(0);
}

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}-phone.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(`${name}-phone`, { path, contentType: 'image/png' });
}

test('a return ticket whose outbound course is cancelled: the refund on the phone pays back both legs', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const since = Date.now() - 1_000;
  const guest = { first_name: 'Ewa', last_name: `Powrot-${run}`, email: `powrot.${run}@prawa-e2e.pl` };
  const reason = `Awaria autobusu, bilet powrotny ${run}`;
  const [nisko, krakow] = [await apiStopId(request, 'Nisko'), await apiStopId(request, 'Kraków')];
  let trip: { outbound: Connection; back: Connection } | null = null;
  for (const days of DAYS_AHEAD) {
    const [outbound, back] = [await courseOf(request, NISKO_KRAKOW, nisko, krakow, warsawDay(days)), await courseOf(request, KRAKOW_NISKO, krakow, nisko, warsawDay(days + 2))];
    if (outbound && back) {
      trip = { outbound, back };
      break;
    }
  }
  if (!trip) throw new Error('no course Nisko → Kraków left to cancel in 9 to 20 days');
  const { outbound, back } = trip;
  const order = await apiPlaceAndPay(request, { course: outbound, back, from: nisko, to: krakow, passengers: 1, customer: guest });
  const numbers = await apiTicketNumbers(request, order.hash_id, 2);

  await cancelCourse(request, outbound.course_id, reason);
  await openChoiceLink(page, guest.email, since, reason);
  const total = outbound.price + back.price;
  // The refund pays back the return leg too: its purpose is gone.
  const refundOption = page.getByRole('heading', { level: 3, name: 'Pełny zwrot pieniędzy' }).locator('xpath=..');
  await expect(refundOption).toContainText(`Oddamy ${zloty(total)}`);
  await expect(refundOption).toContainText('Zwrot obejmuje też bilety powrotne.');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, testInfo, 'passenger-rights-return-choice');
  await screenshot(page, testInfo, 'passenger-rights-return-choice');

  await page.getByRole('button', { name: 'Chcę zwrotu pieniędzy' }).click();
  const confirm = page.getByRole('dialog', { name: 'Potwierdź wybór' });
  await expect(confirm).toContainText(`Zwrócimy ${zloty(total)}`);
  await expect(confirm).toContainText('Zwrot obejmuje też bilety powrotne.');
  await confirm.getByRole('button', { name: 'Potwierdzam' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Zwracamy/ })).toContainText(zloty(total));

  // The order's page: the course cancelled, both tickets returned, and the money paid back (once the
  // refund is through).
  await expect(async () => {
    await page.goto(`/order/success/${order.hash_id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Kurs odwołany' })).toBeVisible({ timeout: 2_000 });
    await expect(page.getByText(new RegExp(`^Zwrócono ${zloty(total)}\\s?zł$`))).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  for (const number of numbers) {
    const card = page.getByRole('listitem', { name: `Bilet ${number}` });
    await expect(card).toContainText('Zwrócony');
    // A returned ticket's code is gone.
    await expect(card.getByRole('img')).toHaveCount(0);
  }
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, testInfo, 'passenger-rights-return-refunded');
  await screenshot(page, testInfo, 'passenger-rights-return-refunded');
});

test('a cancelled course Brzesko → Kraków: the passenger picks the next day and another line serving both stops', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const since = Date.now() - 1_000;
  const guest = { first_name: 'Adam', last_name: `Przesiadka-${run}`, email: `przesiadka.${run}@prawa-e2e.pl` };
  const reason = `Zamknięta droga ${run}`;
  const [brzesko, krakow] = [await apiStopId(request, 'Brzesko'), await apiStopId(request, 'Kraków')];
  let found: { course: Connection; day: string; nextDay: string } | null = null;
  for (const days of DAYS_AHEAD) {
    const course = await courseOf(request, NISKO_KRAKOW, brzesko, krakow, warsawDay(days));
    if (course) {
      found = { course, day: warsawDay(days), nextDay: warsawDay(days + 1) };
      break;
    }
  }
  if (!found) throw new Error('no course Brzesko → Kraków of Nisko – Kraków left to cancel in 9 to 20 days');
  const { course, day, nextDay } = found;
  // The other line serves both stops the next day too (the page lists it; the search says so first).
  expect(await courseOf(request, TARNOW_KRAKOW, brzesko, krakow, nextDay)).not.toBeNull();
  const order = await apiPlaceAndPay(request, { course, from: brzesko, to: krakow, passengers: 1, customer: guest });
  const [number = ''] = await apiTicketNumbers(request, order.hash_id, 1);

  await cancelCourse(request, course.course_id, reason);
  await openChoiceLink(page, guest.email, since, reason);
  const courses = page.getByRole('group', { name: 'Kursy między tymi samymi przystankami' });
  const otherDay = page.getByLabel('Inny termin');
  // The journey's day until another is picked.
  await expect(otherDay).toHaveValue(day);
  await otherDay.fill(nextDay);
  // The next day's courses, of either line; the other line's first one.
  const other = courses.getByRole('radio', { name: new RegExp(`^${TARNOW_KRAKOW}: ${fullDay(nextDay)}, \\d{2}:\\d{2} →`) }).first();
  await expect(other).toBeVisible();
  await expect(courses.getByRole('radio', { name: new RegExp(`: ${fullDay(day)},`) })).toHaveCount(0);
  const label = await other.locator('xpath=ancestor::label').innerText();
  const time = new RegExp(`${fullDay(nextDay)}, (\\d{2}:\\d{2}) →`).exec(label)?.[1] ?? '';
  expect(time, `a departure time in "${label}"`).not.toBe('');
  await other.check();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, testInfo, 'passenger-rights-other-line');
  await screenshot(page, testInfo, 'passenger-rights-other-line');

  await page.getByRole('button', { name: 'Przenieś mnie na wybrany kurs' }).click();
  const confirm = page.getByRole('dialog', { name: 'Potwierdź wybór' });
  await expect(confirm).toContainText(`${fullDay(nextDay)}, ${time}, bez dopłaty`);
  await confirm.getByRole('button', { name: 'Potwierdzam' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Jedziesz kursem/ })).toHaveText(`Jedziesz kursem ${fullDay(nextDay)}, ${time}.`);

  // The order's page shows the ticket on the other line's course.
  const card = page.getByRole('listitem', { name: `Bilet ${number}` });
  await expect(async () => {
    await page.goto(`/order/success/${order.hash_id}`);
    await expect(card).toContainText(`${shortDateTime(nextDay, time)} (bilet przeniesiony na ten kurs)`, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  // On the other line's course (the card names the line a moved ticket is on).
  await expect(card.getByRole('definition').filter({ hasText: TARNOW_KRAKOW })).toBeVisible();
  await expect(card).toContainText('Ważny');
  await expect(card.getByRole('note')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, testInfo, 'passenger-rights-moved');
  await screenshot(page, testInfo, 'passenger-rights-moved');
});
