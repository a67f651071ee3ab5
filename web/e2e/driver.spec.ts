// The driver's page on a phone (390 px) against the real backend: an admin puts on a course leaving
// within the hour and a guest buys two tickets for it; the driver logs in, opens the course, loses the
// network, reloads the page (it comes from the phone's cache), lets one passenger board by the ticket's
// number and refuses a forged code, then gets the network back, and the check-in reaches the server
// exactly once; then the driver marks the coach as having left. A second journey points the phone's camera at a ticket's printed QR code (a video of
// the code played as Chromium's camera) and boards the passenger from what the camera read.
import { writeFile } from 'node:fs/promises';

import { chromium, expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { apiPlaceAndPay, apiToken, type Connection } from './booking-support';
import { ADMIN, expectAccessible } from './support';

const DRIVER = { email: 'driver@example.com', password: 'demo1234', firstName: 'Piotr' };

/** `YYYY-MM-DD` of an instant in Warsaw. */
const warsawDayOf = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(instant);
/** `HH:MM` of an instant in Warsaw. */
const warsawTimeOf = (instant: Date) =>
  new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', hour: '2-digit', minute: '2-digit' }).format(instant);

async function json<T>(answer: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

test.use({ viewport: { width: 390, height: 844 } });

interface Ticket {
  number: string;
  qr: string;
  qr_svg: string;
}

/**
 * A course of Tarnów – Kraków leaving in about `minutesAhead` minutes (whole minutes), ten seats, and a
 * guest's two paid tickets for it.
 */
async function courseWithTwoTickets(request: APIRequestContext, minutesAhead: number) {
  const admin = await apiToken(request, ADMIN);
  const auth = { Authorization: `Bearer ${admin}` };
  const routes = await json<{ models: { id: number; name: string }[] }>(await request.get('/api/route/route/all', { headers: auth, params: { 'per-page': 100 } }));
  const route = routes.models.find((candidate) => candidate.name === 'Tarnów – Kraków');
  if (!route) throw new Error('the seeded route Tarnów – Kraków');
  const stops = await json<{ models: { waypoint_id: number; position: number }[] }>(
    await request.get('/api/route/route-waypoint/all', { headers: auth, params: { 'filter[route_id][eq]': route.id, sort: 'position' } }),
  );
  const [first, last] = [stops.models[0], stops.models.at(-1)];
  if (!first || !last) throw new Error('the route has stops');
  // The first free minute from `minutesAhead` on (a rerun against the same database finds its
  // earlier courses there).
  let departure = new Date(0);
  let created: { id: string } | null = null;
  for (let minutes = minutesAhead; !created && minutes < minutesAhead + 10; minutes += 1) {
    departure = new Date(Math.ceil((Date.now() + minutes * 60_000) / 60_000) * 60_000);
    const answer = await request.post('/api/course/course/save', { headers: auth, data: { route_id: route.id, departure_at: departure.toISOString(), seats: 10 } });
    if (answer.status() !== 422) created = await json<{ id: string }>(answer);
  }
  if (!created) throw new Error('a free minute for the course');
  const course: Connection = { course_id: created.id, route_id: route.id, route_name: route.name, departure_time: '', price: 0, seats_available: 10 };
  const placed = await apiPlaceAndPay(request, {
    course, from: first.waypoint_id, to: last.waypoint_id, passengers: 2,
    customer: { first_name: 'Maria', last_name: 'Wsiadająca', email: `maria.${Date.now()}@example.com` },
  });
  let tickets: Ticket[] = [];
  await expect
    .poll(async () => {
      const shown = await request.get('/api/order/order/success-data', { params: { hash_id: placed.hash_id } });
      tickets = shown.ok() ? ((await shown.json()) as { data: { tickets: Ticket[] } }).data.tickets : [];
      return tickets.length;
    }, { timeout: 20_000 })
    .toBe(2);
  const boardings = async () =>
    (await json<{ type: string; actor: { email: string | null } }[]>(
      await request.get('/api/order/order/timeline', { headers: auth, params: { id: placed.order_id } }),
    )).filter((entry) => entry.type === 'TicketUsed');
  return { auth, departure, courseId: created.id, tickets: tickets as [Ticket, Ticket], boardings };
}

/** The driver logs in and opens the course leaving at `departure`. */
async function openCourse(page: Page, departure: Date) {
  await page.goto('/login?redirect=%2Fdriver');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(DRIVER.email);
  await page.getByLabel('Hasło').fill(DRIVER.password);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(page).toHaveURL(/\/driver$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kontrola biletów' })).toBeVisible();
  await page.getByLabel('Dzień').fill(warsawDayOf(departure));
  const option = page.getByRole('radio', { name: new RegExp(`^${warsawTimeOf(departure)} · Tarnów – Kraków · 2 pasażerów`) });
  await option.check();
  await page.getByRole('button', { name: 'Wczytaj listę pasażerów' }).click();
  await expect(page.getByRole('heading', { name: 'Pasażerowie według przystanków' })).toBeVisible();
}

/**
 * A video Chromium can play as its camera (Motion JPEG: JPEG pictures one after another) of a ticket's
 * QR code as the API draws it (`qr_svg`, the same SVG the customer's ticket shows), on white, as a
 * phone held over a printed ticket would see it. The browser draws the picture.
 */
async function videoOfCode(page: Page, svg: string): Promise<Buffer> {
  await page.setViewportSize({ width: 640, height: 480 });
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await page.setContent(
    `<body style="margin:0;height:100vh;display:grid;place-items:center;background:#fff"><img alt="" src="${src}" width="400" height="400"></body>`,
  );
  await expect(page.locator('img')).toHaveJSProperty('complete', true);
  const picture = await page.screenshot({ type: 'jpeg', quality: 95 });
  return Buffer.concat([picture, picture]);
}

test('a driver checks tickets on board without a network, and the check-in reaches the server once', async ({ page, context, request }, testInfo) => {
  test.setTimeout(120_000);
  const { auth, departure, courseId, tickets, boardings } = await courseWithTwoTickets(request, 40);
  const [boarding, other] = tickets;

  // The driver logs in and opens the course.
  await openCourse(page, departure);
  await expect(page.getByText(new RegExp(`^${boarding.number} · Maria Wsiadająca → Kraków`))).toBeVisible();
  await expectAccessible(page, testInfo, 'driver-list');
  // The page's worker holds the page and its files before the network goes.
  await expect.poll(() => page.evaluate<number>('navigator.serviceWorker.getRegistrations().then((all) => all.length)')).toBeGreaterThan(0);
  await expect.poll(() => page.evaluate<number>("caches.open('nisko-bus-driver-v1').then((c) => c.keys()).then((k) => k.length)")).toBeGreaterThan(2);
  await page.screenshot({ path: testInfo.outputPath('driver-list-390.png'), fullPage: true });

  // No network: the page opens again from the phone's cache, with the list.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Kontrola biletów' })).toBeVisible();
  await expect(page.getByText(/^Brak sieci/)).toBeVisible();
  await expect(page.getByText(new RegExp(`^${boarding.number} · Maria Wsiadająca`))).toBeVisible();

  // One passenger boards by the ticket's number; a forged code is refused.
  await page.getByLabel('Numer biletu').fill(boarding.number);
  await page.getByRole('button', { name: 'Sprawdź numer' }).click();
  await expect(page.getByText(`Wsiada: ${boarding.number}`)).toBeVisible();
  await expect(page.getByText(/1 odprawa czeka na wysłanie\./)).toBeVisible();
  const [prefix, claims = '', signature = ''] = other.qr.split('.');
  const decoded = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
  const forged = [prefix, Buffer.from(JSON.stringify({ ...decoded, n: boarding.number })).toString('base64url'), signature].join('.');
  await page.getByLabel('Kod z biletu: wydrukowany pod kodem QR, zeskanowany lub wklejony').fill(forged);
  await page.getByRole('button', { name: 'Sprawdź kod' }).click();
  await expect(page.getByRole('alert')).toContainText('Kod jest podrobiony lub zmieniony');
  await page.screenshot({ path: testInfo.outputPath('driver-offline-390.png'), fullPage: true });

  // The network is back: the queue goes out, and the server records the boarding once.
  await context.setOffline(false);
  await expect(page.getByText(/Wszystkie odprawy są na serwerze\./)).toBeVisible({ timeout: 20_000 });
  await expect.poll(async () => (await boardings()).length, { timeout: 10_000 }).toBe(1);
  expect((await boardings())[0]?.actor.email).toBe(DRIVER.email);
  // The other ticket is still valid: the forged code boarded nobody.
  const manifest = await json<{ tickets: { number: string; status: string }[] }>(
    await request.get('/api/order/driver/manifest', { headers: auth, params: { course_id: courseId } }),
  );
  expect(manifest.tickets.map((ticket) => [ticket.number, ticket.status]).sort()).toEqual([[boarding.number, 'used'], [other.number, 'valid']].sort());
  await page.screenshot({ path: testInfo.outputPath('driver-online-390.png'), fullPage: true });

  // The coach leaves (issue 39): the driver says so and the page tells when; the server keeps that first
  // mark (a second one answers the same time).
  await page.getByRole('button', { name: 'Kurs odjechał' }).click();
  const left = page.getByText(/^Odjazd: \d{2}:\d{2}$/);
  await expect(left).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kurs odjechał' })).toHaveCount(0);
  const again = await json<{ course_id: string; departed_at: string }>(await request.post('/api/course/course/departed', { headers: auth, data: { course_id: courseId } }));
  await expect(left).toHaveText(`Odjazd: ${warsawTimeOf(new Date(again.departed_at))}`);
  await expectAccessible(page, testInfo, 'driver-departed');
});

test('a driver boards a passenger by pointing the camera at the ticket\'s QR code', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const { auth, departure, courseId, tickets, boardings } = await courseWithTwoTickets(request, 50);
  const [scanned, other] = tickets;
  // The phone: a browser of its own, whose camera plays the video of the printed code.
  const video = testInfo.outputPath('ticket-code.mjpeg');
  await writeFile(video, await videoOfCode(page, scanned.qr_svg));
  const { launchOptions, baseURL, locale, timezoneId } = testInfo.project.use;
  const phone = await chromium.launch({
    ...launchOptions,
    args: [...(launchOptions?.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const context = await phone.newContext({ baseURL, locale, timezoneId, viewport: { width: 390, height: 844 }, permissions: ['camera'] });
    const driver = await context.newPage();
    await openCourse(driver, departure);
    await driver.getByRole('button', { name: 'Skanuj kod aparatem' }).click();
    // The camera reads the code, the scanner closes, and the phone's verdict is shown.
    await expect(driver.getByText(`Wsiada: ${scanned.number}`)).toBeVisible({ timeout: 20_000 });
    await expect(driver.getByRole('button', { name: 'Skanuj kod aparatem' })).toHaveAttribute('aria-pressed', 'false');
    await driver.screenshot({ path: testInfo.outputPath('driver-scanned-390.png'), fullPage: true });
    await expect(driver.getByText(/Wszystkie odprawy są na serwerze\./)).toBeVisible({ timeout: 20_000 });
  } finally {
    await phone.close();
  }
  // The server recorded the scanned ticket's boarding, by the driver, and only that one.
  await expect.poll(async () => (await boardings()).length, { timeout: 10_000 }).toBe(1);
  expect((await boardings())[0]?.actor.email).toBe(DRIVER.email);
  const manifest = await json<{ tickets: { number: string; status: string }[] }>(
    await request.get('/api/order/driver/manifest', { headers: auth, params: { course_id: courseId } }),
  );
  expect(manifest.tickets.map((ticket) => [ticket.number, ticket.status]).sort()).toEqual([[scanned.number, 'used'], [other.number, 'valid']].sort());
});
