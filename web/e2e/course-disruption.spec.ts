// A course the carrier cancels (issues 28, 39), against the real backend: two orders are paid on a course
// (Jan's, logged in, and a guest's); the admin cancels the course on its page with a reason; the
// search marks it cancelled; each passenger gets an e-mail (read from the `.eml` files the server
// writes) whose link opens the choice: Jan moves to another course and finds his ticket on it, the
// guest reads her order's page (the cancellation, the link to the choice), takes the full refund, and
// reads her rights with the links to the rights page and the complaint form.
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

import { apiPlaceAndPay, apiSearch, apiStopId, apiToken, warsawDay, type Connection } from './booking-support';
import { waitForMail } from './mail';
import { ADMIN, expectAccessible, JAN, logIn, screenshots } from './support';

const run = Date.now().toString(36).slice(-6);
const GUEST = { first_name: 'Ola', last_name: `Zwrot-${run}`, email: `zwrot.${run}@odwolany-e2e.pl` };
const REASON = `Awaria autobusu ${run}`;
/** The choice page's address in an e-mail: `/odwolany-kurs/{token}` (or the English one). */
const CHOICE_LINK = /\/(?:odwolany-kurs|en\/disrupted-course)\/[^\s"'<>)]+/;

/** An instant's clock time in Warsaw, `HH:MM`, as the pages show it. */
function warsawTime(instant: string): string {
  return new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(instant));
}

/** A link at the end of a sentence, without the sentence's full stop. */
function withoutTrailingPunctuation(link: string): string {
  return link.replace(/[.,;:!?]+$/, '');
}

/** `3900` -> `39,00` (the page writes the amount with a non-breaking space before `zł`). */
function zloty(grosz: number): string {
  return `${Math.floor(grosz / 100)},${String(grosz % 100).padStart(2, '0')}`;
}

/** A course Nisko → Kraków eight days ahead (or later, see below) with another course of the line the
 * same day to move to. */
async function courseWithAlternatives(request: APIRequestContext): Promise<{ course: Connection; from: number; to: number; day: string }> {
  const [from, to] = [await apiStopId(request, 'Nisko'), await apiStopId(request, 'Kraków')];
  // A run before this one on the same server may have cancelled some of the day's courses (a line has
  // four a day): then a later day.
  for (let days = 8; days < 22; days += 1) {
    const day = warsawDay(days);
    const courses = (await apiSearch(request, from, to, day)).filter((candidate) => !candidate.cancelled);
    const course = courses.find((candidate) => courses.some((other) => other.route_id === candidate.route_id && other.course_id !== candidate.course_id));
    if (course) return { course, from, to, day };
  }
  throw new Error('no line Nisko → Kraków with two courses left in 8 to 21 days');
}

/** An order's number (`NB-…`), as its page shows it: a row of the course's passengers is found by it (a
 * run before this one on the same server may have moved another of Jan's orders onto this course). */
async function orderNumber(request: APIRequestContext, hashId: string): Promise<string> {
  let number = '';
  await expect
    .poll(async () => {
      const shown = await request.get('/api/order/order/success-data', { params: { hash_id: hashId } });
      number = shown.ok() ? ((await shown.json()) as { data: { number: string | null } }).data.number ?? '' : '';
      return number;
    }, { timeout: 20_000 })
    .not.toBe('');
  return number;
}

async function cancelOnCoursePage(page: Page, testInfo: TestInfo, courseId: string, jansNumber: string) {
  await logIn(page, ADMIN);
  await page.goto(`/admin/course/course/${courseId}`);
  const section = page.getByRole('region', { name: 'Odwołanie i opóźnienie' });
  await expect(section.getByText('Kurs odbywa się zgodnie z rozkładem')).toBeVisible();
  await section.getByRole('button', { name: 'Odwołaj kurs' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Odwołać kurs?' });
  await dialog.getByLabel(/^Powód/).fill(REASON);
  await dialog.getByRole('button', { name: 'Odwołaj kurs' }).click();
  await expect(section.getByText('Kurs odwołany', { exact: true })).toBeVisible();
  await expect(section.getByText(REASON)).toBeVisible();
  // Both orders are listed, and told by the process manager (not by this browser) within a minute.
  await expect(async () => {
    await page.reload();
    const rows = page.getByRole('region', { name: 'Odwołanie i opóźnienie' }).getByRole('row');
    await expect(rows.filter({ hasText: GUEST.last_name })).toContainText('Powiadomiony, bez wyboru', { timeout: 1_000 });
    await expect(rows.filter({ hasText: jansNumber })).toContainText('Powiadomiony, bez wyboru', { timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  await expectAccessible(page, testInfo, 'course-disruption-admin');
  await screenshots(page, testInfo, 'course-disruption-admin');
}

test('a cancelled course: the admin cancels it, one passenger moves to another course, another takes the refund', async ({ browser, page, request }, testInfo) => {
  test.setTimeout(300_000);
  const since = Date.now() - 1_000;
  const { course, from, to, day } = await courseWithAlternatives(request);
  const token = await apiToken(request, JAN);
  const jans = await apiPlaceAndPay(request, {
    course, from, to, passengers: 1, token,
    customer: { first_name: 'Jan', last_name: 'Kowalski', email: JAN.email },
  });
  const guestOrder = await apiPlaceAndPay(request, { course, from, to, passengers: 1, customer: GUEST });

  const jansNumber = await orderNumber(request, jans.hash_id);
  await cancelOnCoursePage(page, testInfo, course.course_id, jansNumber);

  // A search that would have found the course says it was cancelled, and why; it cannot be chosen.
  await page.goto(`/search?tripMode=one_way&start=${from}&end=${to}&date=${day}`);
  const cancelled = page.getByRole('listitem').filter({ hasText: REASON });
  await expect(cancelled).toContainText('Kurs odwołany');
  await expect(cancelled.getByRole('radio')).toHaveCount(0);

  // Jan opens the link from his e-mail and moves to another course of the line.
  const [janLink = ''] = await waitForMail(JAN.email, since, CHOICE_LINK);
  await page.goto(withoutTrailingPunctuation(janLink));
  await expect(page.getByRole('heading', { level: 1, name: 'Twój kurs został odwołany' })).toBeVisible();
  await expect(page.getByText(REASON)).toBeVisible();
  const move = page.getByRole('button', { name: 'Przenieś mnie na wybrany kurs' });
  await expect(move).toBeDisabled();
  await expect(page.getByText(/^Wybór możliwy do \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}\.$/)).toBeVisible();
  const other = page.getByRole('group', { name: 'Kursy między tymi samymi przystankami' }).getByRole('radio').first();
  const label = await other.locator('xpath=ancestor::label').innerText();
  const time = /(\d{2}:\d{2}) →/.exec(label)?.[1] ?? '';
  expect(time, `a departure time in "${label}"`).not.toBe('');
  await other.check();
  await expectAccessible(page, testInfo, 'course-disruption-choice');
  await screenshots(page, testInfo, 'course-disruption-choice');
  await move.click();
  const confirm = page.getByRole('dialog', { name: 'Potwierdź wybór' });
  await expect(confirm).toContainText('bez dopłaty');
  await confirm.getByRole('button', { name: 'Potwierdzam' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Jedziesz kursem/ })).toContainText(time);

  // ...and finds his ticket on the new course, logged in as himself (this page is the admin's).
  const ticketId = await jansTicketId(request, token, jans.order_id, time);
  const jan = await browser.newPage();
  await logIn(jan, JAN);
  await jan.goto(`/user/your-tickets/${ticketId}`);
  await expect(jan.getByRole('definition').filter({ hasText: `, ${time} – ` }).first()).toBeVisible();
  // The new course runs as planned: the ticket tells no disruption.
  await expect(jan.getByRole('main').getByRole('note')).toHaveCount(0);
  await jan.close();

  // The guest opens the link from her e-mail, in a browser of her own, and takes the full refund.
  const [guestLink = ''] = await waitForMail(GUEST.email, since, CHOICE_LINK);
  // (A context of her own, as axe asks for; the config's address, language and time zone.)
  const guestContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
  });
  const guest = await guestContext.newPage();
  // Her order's page, the only one a guest has, says the course was cancelled and links to the choice.
  await guest.goto(`/order/success/${guestOrder.hash_id}`);
  await expect(guest.getByRole('heading', { level: 1, name: 'Kurs odwołany' })).toBeVisible();
  const notice = guest.getByRole('note').first();
  await expect(notice).toContainText(REASON);
  await expect(notice.getByRole('link', { name: /^Wybierz: inny kurs lub zwrot \(do .+\)$/ })).toHaveAttribute('href', /^\/odwolany-kurs\//);
  await expect(guest.getByRole('navigation', { name: 'Prawa pasażera i reklamacje' }).getByRole('link', { name: 'Reklamacja' })).toHaveAttribute('href', '/reklamacje');
  await expectAccessible(guest, testInfo, 'course-disruption-order-page');
  await guest.goto(withoutTrailingPunctuation(guestLink));
  await guest.getByRole('button', { name: 'Chcę zwrotu pieniędzy' }).click();
  const refund = guest.getByRole('dialog', { name: 'Potwierdź wybór' });
  await expect(refund).toContainText(`Zwrócimy ${zloty(course.price)}`);
  await refund.getByRole('button', { name: 'Potwierdzam' }).click();
  await expect(guest.getByRole('status').filter({ hasText: /^Zwracamy/ })).toContainText(zloty(course.price));
  // The choice is made once: the link now shows it, with nothing more to choose.
  await guest.reload();
  await expect(guest.getByRole('heading', { name: 'Twój wybór' })).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Chcę zwrotu pieniędzy' })).toHaveCount(0);
  // Never sent to pages that need an account; her rights and where to read them.
  await expect(guest.getByRole('main').getByRole('link', { name: 'Twoje bilety' })).toHaveCount(0);
  const rights = guest.getByRole('region', { name: 'Twoje prawa' });
  await expect(rights).toContainText('rozporządzenia UE 181/2011');
  await expect(rights.getByRole('link', { name: 'Prawa pasażera' })).toHaveAttribute('href', '/prawa-pasazera');
  await expectAccessible(guest, testInfo, 'course-disruption-refunded');
  await guestContext.close();

  // The course's page shows each passenger's outcome.
  await page.goto(`/admin/course/course/${course.course_id}`);
  const rows = page.getByRole('region', { name: 'Odwołanie i opóźnienie' }).getByRole('row');
  await expect(async () => {
    await page.reload();
    await expect(rows.filter({ hasText: jansNumber })).toContainText('Przeniesiony na inny kurs', { timeout: 1_000 });
    await expect(rows.filter({ hasText: GUEST.last_name })).toContainText('Zwrot pełnej kwoty', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
});

/** The id of the valid ticket of Jan's order leaving at `time` (Warsaw `HH:MM`): on the new course, once moved. */
async function jansTicketId(request: APIRequestContext, token: string, orderId: string, time: string): Promise<string> {
  let id = '';
  await expect
    .poll(async () => {
      const answer = await request.post('/api/user/user/my-tickets', {
        headers: { Authorization: `Bearer ${token}` },
        params: { 'per-page': 100, sort: '-departure_at' },
        data: {},
      });
      if (!answer.ok()) return '';
      const tickets = ((await answer.json()) as { data: { models: { id: string; order_id: string; status: string; departure_at: string }[] } }).data.models;
      id = tickets.find((ticket) => ticket.order_id === orderId && ticket.status === 'valid' && warsawTime(ticket.departure_at) === time)?.id ?? '';
      return id;
    }, { timeout: 20_000 })
    .not.toBe('');
  return id;
}
