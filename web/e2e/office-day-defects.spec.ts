// The defects an office manager found in a day with the admin panel, each a journey against the real
// backend (run on its own server: it cancels courses of Zakopane – Kraków a month ahead and sells at the
// desk):
//  3. an order never paid, cancelled with its course, is told so on the passenger's page and in the
//     course's list: nothing to refund and no other course to choose (no "full refund of 0,00 zł");
//  4. the invoice card of a paid order without an invoice has "Wystaw fakturę", which opens the invoice
//     form at once;
//  5. the return dialog says the ticket's price, the fee, what goes back and how, before it is confirmed
//     (cash at the desk, the card terminal, the payment gateway);
//  6. at 1280 × 800 the orders and invoices lists keep order numbers and e-mails on one line and the KSeF
//     column on screen;
//  8. a course's page lists its passengers (a returned ticket listed but not counted), their orders are
//     links, and so are the order numbers of its disruption list.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

import { apiPlaceAndPay, apiSearch, apiStopId, apiTicketNumbers, apiToken, warsawDay, type Connection } from './booking-support';
import { zloty } from './downloads';
import { waitForMail } from './mail';
import { ADMIN, expectAccessible, logIn } from './support';

const run = Date.now().toString(36).slice(-6);
const SHOTS = '/tmp/helper40-shots';
/** The choice page's address in an e-mail: `/odwolany-kurs/{token}`. */
const CHOICE_LINK = /\/odwolany-kurs\/[^\s"'<>)]+/;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

interface Trip {
  course: Connection;
  /** Another course of the same route on the same day (to move to). */
  other: Connection;
  from: number;
  to: number;
}

/** Whether no ticket was ever sold on a course (the admin's tickets list). */
async function unsold(request: APIRequestContext, token: string, courseId: string): Promise<boolean> {
  const answer = await request.get('/api/order/ticket/all', { headers: bearer(token), params: { 'filter[course_id][eq]': courseId, 'per-page': 1 } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { pagination: { totalCount: number } } }).data.pagination.totalCount === 0;
}

/** A course of Zakopane → Kraków `fromDays` days ahead or later, not cancelled, with another one of its
 * route the same day; with `unsoldBy` (an admin's token), one on which no ticket was sold yet (an earlier
 * run on the same server may have sold some). */
async function trip(request: APIRequestContext, fromDays: number, unsoldBy?: string): Promise<Trip> {
  const [from, to] = [await apiStopId(request, 'Zakopane'), await apiStopId(request, 'Kraków')];
  for (let days = fromDays; days < fromDays + 20; days += 1) {
    const courses = (await apiSearch(request, from, to, warsawDay(days))).filter((candidate) => !candidate.cancelled && candidate.seats_available >= 3);
    for (const course of courses) {
      const other = courses.find((candidate) => candidate.route_id === course.route_id && candidate.course_id !== course.course_id);
      if (other && (!unsoldBy || (await unsold(request, unsoldBy, course.course_id)))) return { course, other, from, to };
    }
  }
  throw new Error(`no two courses Zakopane → Kraków from ${fromDays} days ahead`);
}

/** Places an order through the API and leaves it unpaid. */
async function placeUnpaid(request: APIRequestContext, { course, from, to }: Trip, customer: { first_name: string; last_name: string; email: string }) {
  const placed = await request.post('/api/order/order/place', {
    data: {
      course: { course_id: course.course_id, from: { id: from }, to: { id: to } },
      courseReturn: {},
      tickets: [{ qty: 1, discount_id: null }],
      customer: { ...customer, phone: '+48 600 100 200', consent_statute: 1, consent_gdpr: 1, notify_by_sms: 0, id: null },
      invoice: { is_selected: 0, country: 'PL' },
      coupon: { code: null, value: 0 },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { data: { order_id: string; number: string; hash_id: string } }).data;
}

/** A sale at the desk through the API: paid at once in `method`; its order's id and number. */
async function deskSale(request: APIRequestContext, token: string, method: 'cash' | 'card_terminal', lastName: string, days = 3) {
  const [from, to] = [await apiStopId(request, 'Tarnów'), await apiStopId(request, 'Kraków')];
  const course = (await apiSearch(request, from, to, warsawDay(days))).find((candidate) => !candidate.cancelled && candidate.seats_available > 0);
  if (!course) throw new Error(`no course Tarnów → Kraków in ${days} days`);
  const sold = await request.post('/api/order/order/save', {
    headers: bearer(token),
    data: {
      course: { course_id: course.course_id, from: { id: from }, to: { id: to } },
      courseReturn: {},
      tickets: [{ qty: 1, discount_id: null }],
      customer: { first_name: 'Teodor', last_name: lastName, email: '', phone: '', consent_statute: 1, consent_gdpr: 1, notify_by_sms: 0, id: null },
      invoice: { is_selected: 0, country: 'PL' },
      coupon: { code: null, value: 0 },
      payment_method: method,
    },
  });
  expect(sold.status(), await sold.text()).toBe(201);
  const data = ((await sold.json()) as { data: { order_id: string; number: string } }).data;
  return { orderId: data.order_id, number: data.number, price: course.price };
}

/** What the server quotes for returning `number` (the call the customer's site makes too). */
async function returnQuote(request: APIRequestContext, token: string, number: string) {
  const answer = await request.post('/api/order/order/return-quote', { headers: bearer(token), data: { number } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: { price: number; fee: number; back: number; money_refund: number; coupon_refund: number; money_to: string } }).data;
}

/** The ticket numbers of an order, as the admin reads it (a desk sale has no guest page to read). */
async function ticketsOf(request: APIRequestContext, token: string, orderId: string, count: number): Promise<string[]> {
  let numbers: string[] = [];
  await expect
    .poll(async () => {
      const answer = await request.get('/api/order/order/one', { headers: bearer(token), params: { id: orderId } });
      numbers = answer.ok() ? ((await answer.json()) as { data: { tickets: { number: string }[] } }).data.tickets.map((ticket) => ticket.number) : [];
      return numbers.length;
    }, { timeout: 20_000 })
    .toBe(count);
  return numbers;
}

/** A definition list's terms and values, term -> value. */
async function facts(box: Locator): Promise<Record<string, string>> {
  const terms = await box.locator('dt').allTextContents();
  const values = await box.locator('dd').allTextContents();
  return Object.fromEntries(terms.map((term, i) => [term.trim(), (values[i] ?? '').replace(/\s+/g, ' ').trim()]));
}

/** What is measured of an element in the page (the tests are compiled without the DOM's types). */
interface Measured {
  getClientRects(): { length: number };
  scrollWidth: number;
  clientWidth: number;
  ownerDocument: { defaultView: { getComputedStyle(node: unknown): { lineHeight: string; fontSize: string; textOverflow: string } } };
}

/** How many lines an element's text takes (its line boxes). */
const lines = (element: Locator) => element.evaluate((node) => (node as unknown as Measured).getClientRects().length);
/** How far an element's content overflows its box sideways (px; 0 or less: none). */
const overflowX = (element: Locator) => element.evaluate((node) => (node as unknown as Measured).scrollWidth - (node as unknown as Measured).clientWidth);

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

test('3. an unpaid order cancelled with its course: nothing to refund and no other course, on the link and in the course list', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const since = Date.now() - 1_000;
  const token = await apiToken(request, ADMIN);
  const journey = await trip(request, 30);
  const guest = { first_name: 'Urszula', last_name: `Nieopłacona-${run}`, email: `nieoplacona.${run}@defekty-e2e.pl` };
  const order = await placeUnpaid(request, journey, guest);
  const cancelled = await request.post('/api/course/course/cancel', { headers: bearer(token), data: { course_id: journey.course.course_id, reason: `Awaria silnika ${run}` } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  // The passenger's link: the order was not paid and is cancelled; no refund (of 0,00 zł), no course to pick.
  const [link = ''] = await waitForMail(guest.email, since, CHOICE_LINK);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Twój kurs został odwołany' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('status').filter({ hasText: 'nie zostało opłacone' })).toHaveText(
    `Zamówienie ${order.number} nie zostało opłacone, więc po odwołaniu kursu zostało anulowane. Nic nie pobraliśmy i nie ma nic do zwrotu.`,
  );
  await expect(main).not.toContainText('Czas na wybór minął');
  await expect(main).not.toContainText(/zwracamy|zwrócimy|oddamy/i);
  await expect(main).not.toContainText(/0,00\s*zł/);
  await expect(main.getByRole('button', { name: 'Chcę zwrotu pieniędzy' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Przenieś mnie na wybrany kurs' })).toHaveCount(0);
  // No tickets were ever issued to it.
  await expect(main.getByRole('term').filter({ hasText: /^Bilety$/ })).toHaveCount(0);
  await expectAccessible(page, testInfo, 'defect3-unpaid-link');
  await shot(page, 'defect3-unpaid-link-pl');

  await page.goto(link.replace('/odwolany-kurs/', '/en/disrupted-course/'));
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'was not paid' })).toHaveText(
    `Order ${order.number} was not paid, so it was cancelled with the trip. Nothing was charged and there is nothing to refund.`,
  );
  await shot(page, 'defect3-unpaid-link-en');

  // The admin's list of the course's passengers: not paid, nothing to refund, nothing to choose; its number a link.
  await logIn(page, ADMIN);
  await page.goto(`/admin/course/course/${journey.course.course_id}`);
  const row = page.getByRole('region', { name: 'Odwołanie i opóźnienie' }).getByRole('row').filter({ hasText: guest.last_name });
  await expect(row).toContainText('Zamówienie nieopłacone, anulowane');
  await expect(row).toContainText('Nic do zwrotu (nie zapłacono)');
  await expect(row.getByRole('button', { name: 'Wybierz za pasażera' })).toHaveCount(0);
  await expect(row.getByRole('link', { name: order.number })).toHaveAttribute('href', `/admin/order/order/${order.order_id}`);
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'defect3-admin-course-list');
});

test('4. the invoice card of a paid order without an invoice offers "Wystaw fakturę", which opens the invoice form at once', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, ADMIN);
  const sale = await deskSale(request, token, 'cash', `Fakturowy-${run}`);
  await logIn(page, ADMIN);

  // In English too.
  await page.goto(`/en/admin/order/order/${sale.orderId}`);
  await expect(page.getByRole('region', { name: 'Invoice details', exact: true }).getByRole('link', { name: 'Issue an invoice' })).toBeVisible();

  await page.goto(`/admin/order/order/${sale.orderId}`);
  const card = page.getByRole('region', { name: 'Dane do faktury', exact: true });
  await expect(card).toContainText('Klient nie prosił o fakturę.');
  await shot(page, 'defect4-order-invoice-card');
  await card.getByRole('link', { name: 'Wystaw fakturę' }).click();

  // The invoice's own form: its fields at once (nothing to tick first), the customer's details not in the way.
  await expect(page.getByRole('heading', { level: 1, name: `Wystaw fakturę do zamówienia ${sale.number}` })).toBeVisible();
  await expect(page.getByText(/zapis wystawi fakturę od razu/)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Klient chce fakturę' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /^Imię/ })).toHaveCount(0);
  const company = `Biuro Podróży Faktura ${run} Sp. z o.o.`;
  await page.getByRole('textbox', { name: /^Nazwa firmy/ }).fill(company);
  await page.getByRole('textbox', { name: /^NIP/ }).fill('526-025-02-74');
  await page.getByRole('textbox', { name: /^Adres/ }).fill('ul. Krótka 2');
  await page.getByRole('textbox', { name: /^Kod pocztowy/ }).fill('37-400');
  await page.getByRole('textbox', { name: /^Miejscowość/ }).fill('Nisko');
  await page.getByRole('textbox', { name: /^Powód zmiany/ }).fill('klient poprosił o fakturę po zakupie');
  await expectAccessible(page, testInfo, 'defect4-invoice-form');
  await shot(page, 'defect4-invoice-form');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();

  // Back on the order: the invoice is issued and the card shows its buyer, with no second invoice to issue.
  await expect(page).toHaveURL(new RegExp(`/admin/order/order/${sale.orderId}$`));
  const invoices = page.getByRole('region', { name: 'Faktury i korekty', exact: true });
  await expect(async () => {
    await page.reload();
    await expect(invoices.getByRole('row')).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(card).toContainText(company);
  await expect(card.getByRole('link', { name: 'Wystaw fakturę' })).toHaveCount(0);
});

test('5. the return dialog says the price, the fee, what goes back and how, before it is confirmed', async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  const token = await apiToken(request, ADMIN);
  await logIn(page, ADMIN);

  const cases: { method: 'cash' | 'card_terminal' | 'online'; how: string }[] = [
    { method: 'cash', how: 'Wypłać klientowi gotówką w kasie' },
    { method: 'card_terminal', how: 'Zwróć na kartę klienta terminalem płatniczym w kasie' },
    { method: 'online', how: 'Wróci na kartę lub konto klienta przez operatora płatności' },
  ];
  for (const { method, how } of cases) {
    let orderId: string;
    let number: string;
    if (method === 'online') {
      const journey = await trip(request, 4);
      const paid = await apiPlaceAndPay(request, { ...journey, passengers: 1, customer: { first_name: 'Olga', last_name: `Online-${run}`, email: `online.${run}@defekty-e2e.pl` } });
      orderId = paid.order_id;
      [number = ''] = await apiTicketNumbers(request, paid.hash_id, 1);
    } else {
      const sale = await deskSale(request, token, method, `Zwrotny-${method}-${run}`);
      orderId = sale.orderId;
      [number = ''] = await ticketsOf(request, token, orderId, 1);
    }
    const quote = await returnQuote(request, token, number);
    expect(quote.fee, 'a return keeps a fee').toBeGreaterThan(0);

    await page.goto(`/admin/order/order/${orderId}`);
    await page.getByRole('button', { name: `Zwróć w imieniu klienta: bilet ${number}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Zwrócić bilet ${number}?` });
    const sum = dialog.getByRole('group', { name: 'Rozliczenie zwrotu' });
    await expect(sum.locator('dd').first()).toBeVisible();
    expect(await facts(sum)).toEqual({
      'Cena biletu': `${zloty(quote.price)} zł`,
      'Opłata manipulacyjna': `${zloty(quote.fee)} zł`,
      'Do zwrotu': `${zloty(quote.back)} zł`,
      [how]: `${zloty(quote.money_refund)} zł`,
    });
    await expectAccessible(page, testInfo, `defect5-return-dialog-${method}`);
    await shot(page, `defect5-return-dialog-${method}`);
    if (method === 'online') {
      await dialog.getByRole('button', { name: 'Anuluj' }).click();
      await expect(dialog).toHaveCount(0);
      continue;
    }
    // What was said before is what the return does.
    await dialog.getByRole('button', { name: 'Zwróć w imieniu klienta' }).click();
    const notice = page.getByRole('status').filter({ hasText: `Bilet ${number} zwrócony.` });
    await expect(notice).toContainText(`Opłata: ${zloty(quote.fee)} zł`);
    await expect(notice).toContainText(`${zloty(quote.money_refund)} zł`);
  }
});

test('6. at 1280 × 800 the orders and invoices lists keep numbers and e-mails on one line and the KSeF column on screen', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const token = await apiToken(request, ADMIN);
  // A customer with a long address, and an invoiced desk sale for the invoices list.
  const email = `bartlomiej.dlugonazwiskowy.${run}@przedsiebiorstwo-transportowe-przyklad.pl`;
  await placeUnpaid(request, await trip(request, 4), { first_name: 'Bartłomiej', last_name: `Długonazwiskowy-${run}`, email });
  const sale = await deskSale(request, token, 'cash', `Listowy-${run}`);
  const invoiced = await request.put('/api/order/order/save', {
    headers: bearer(token),
    params: { id: sale.orderId },
    data: {
      invoice: { country: 'PL', vat_number: '5260250274', company_name: `Hurtownia Listowa ${run} Sp. z o.o.`, address: 'ul. Długa 1', postal_code: '37-400', city: 'Nisko' },
      reason: 'faktura do testu list',
    },
  });
  expect(invoiced.status(), await invoiced.text()).toBe(200);

  await logIn(page, ADMIN);
  await page.goto('/admin/order/order');
  const table = page.getByRole('table', { name: 'Zamówienia' });
  const numbers = table.getByRole('row').locator('td:first-child a');
  await expect(numbers.first()).toBeVisible();
  expect(await numbers.count()).toBeGreaterThan(1);
  for (const link of await numbers.all()) {
    const text = (await link.textContent()) ?? '';
    expect(await lines(link), `${text} on one line`).toBe(1);
    const box = await link.boundingBox();
    const lineHeight = await link.evaluate((node) => {
      const style = (node as unknown as Measured).ownerDocument.defaultView.getComputedStyle(node);
      return parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
    });
    expect(box?.height ?? Infinity, `${text} one line high`).toBeLessThanOrEqual(lineHeight + 1);
  }
  // The long e-mail: one line, cut with an ellipsis, the whole address in its title.
  const mail = table.getByTitle(email);
  await expect(mail).toHaveText(email);
  expect(await lines(mail)).toBe(1);
  expect(await mail.evaluate((node) => (node as unknown as Measured).ownerDocument.defaultView.getComputedStyle(node).textOverflow)).toBe('ellipsis');
  expect(await overflowX(mail), 'the long address is cut').toBeGreaterThan(0);
  const ordersBox = page.getByRole('region', { name: 'Tabela: Zamówienia' });
  expect(await overflowX(ordersBox), 'the orders table needs no sideways scroll').toBeLessThanOrEqual(0);
  await shot(page, 'defect6-orders-1280');

  await page.goto('/admin/order/invoice');
  const invoices = page.getByRole('table', { name: 'Faktury' });
  await expect(invoices.getByRole('row').nth(1)).toBeVisible();
  const ksef = invoices.getByRole('columnheader', { name: /^KSeF/ });
  const ksefBox = await ksef.boundingBox();
  expect(ksefBox, 'the KSeF column header is laid out').not.toBeNull();
  expect((ksefBox?.x ?? -1) >= 0 && (ksefBox?.x ?? 0) + (ksefBox?.width ?? 0) <= 1280, `KSeF header within the viewport: ${JSON.stringify(ksefBox)}`).toBe(true);
  const invoicesBox = page.getByRole('region', { name: 'Tabela: Faktury' });
  expect(await overflowX(invoicesBox), 'the invoices table needs no sideways scroll').toBeLessThanOrEqual(0);
  const wrapBox = await invoicesBox.boundingBox();
  expect((ksefBox?.x ?? 0) + (ksefBox?.width ?? 0)).toBeLessThanOrEqual((wrapBox?.x ?? 0) + (wrapBox?.width ?? 0) + 1);
  for (const link of await invoices.getByRole('row').locator('td:first-child a').all()) expect(await lines(link), `${await link.textContent()} on one line`).toBe(1);
  await invoices.scrollIntoViewIfNeeded();
  await shot(page, 'defect6-invoices-1280');
});

test("8. a course's page lists its passengers, links their orders, and counts no returned ticket", async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const token = await apiToken(request, ADMIN);
  const journey = await trip(request, 32, token);
  const family = await apiPlaceAndPay(request, { ...journey, passengers: 2, customer: { first_name: 'Rafał', last_name: `Rodzinny-${run}`, email: `rodzinny.${run}@defekty-e2e.pl` } });
  const single = await apiPlaceAndPay(request, { ...journey, passengers: 1, customer: { first_name: 'Sabina', last_name: `Pojedyncza-${run}`, email: `pojedyncza.${run}@defekty-e2e.pl` } });
  const [kept = '', returned = ''] = await apiTicketNumbers(request, family.hash_id, 2);
  const [alone = ''] = await apiTicketNumbers(request, single.hash_id, 1);
  const back = await request.post('/api/order/order/return-ticket', { headers: bearer(token), data: { number: returned } });
  expect(back.status(), await back.text()).toBe(200);
  const familyNumber = ((await (await request.get('/api/order/order/one', { headers: bearer(token), params: { id: family.order_id } })).json()) as { data: { number: string } }).data.number;
  const singleNumber = ((await (await request.get('/api/order/order/one', { headers: bearer(token), params: { id: single.order_id } })).json()) as { data: { number: string } }).data.number;

  await logIn(page, ADMIN);
  await page.goto(`/admin/course/course/${journey.course.course_id}`);
  const passengers = page.getByRole('region', { name: 'Lista pasażerów', exact: true });
  const rowOf = (ticket: string) => passengers.getByRole('row').filter({ hasText: ticket });
  // Three tickets were sold on it, one returned: two passengers.
  await expect(async () => {
    await page.reload();
    await expect(rowOf(returned)).toContainText('Zwrócony', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(passengers.getByRole('row')).toHaveCount(4);
  await expect(passengers.getByText(/^Pasażerów na kursie: \d+/)).toHaveText('Pasażerów na kursie: 2 (zwrócone bilety są na liście, ale się nie liczą)');
  await expect(rowOf(kept)).toContainText('Ważny');
  await expect(rowOf(kept)).toContainText(`Rafał Rodzinny-${run}`);
  await expect(rowOf(kept)).toContainText('Zakopane');
  await expect(rowOf(alone)).toContainText('Ważny');
  await expect(rowOf(alone).getByRole('link', { name: singleNumber })).toHaveAttribute('href', `/admin/order/order/${single.order_id}`);
  await expect(rowOf(kept).getByRole('link', { name: familyNumber })).toHaveAttribute('href', `/admin/order/order/${family.order_id}`);
  await expectAccessible(page, testInfo, 'defect8-course-passengers');
  await passengers.scrollIntoViewIfNeeded();
  await shot(page, 'defect8-course-passengers');

  // The course is cancelled and the family moved to another course: their returned ticket stays listed
  // here (returned), the moved one is gone, and only the single passenger counts.
  const cancelled = await request.post('/api/course/course/cancel', { headers: bearer(token), data: { course_id: journey.course.course_id, reason: `Brak kierowcy ${run}` } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await expect
    .poll(async () => {
      const moved = await request.post('/api/course/course/disruption-choose', {
        headers: bearer(token),
        data: { course_id: journey.course.course_id, order_id: family.order_id, choice: 'move', to_course_id: journey.other.course_id },
      });
      return moved.status();
    }, { timeout: 30_000 })
    .toBe(200);
  await expect(async () => {
    await page.reload();
    await expect(rowOf(kept)).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(rowOf(returned)).toContainText('Zwrócony');
  await expect(passengers.getByText(/^Pasażerów na kursie: \d+/)).toHaveText('Pasażerów na kursie: 1 (zwrócone bilety są na liście, ale się nie liczą)');

  // The disruption list's order numbers open the orders.
  const disruption = page.getByRole('region', { name: 'Odwołanie i opóźnienie' });
  await expect(disruption.getByRole('link', { name: familyNumber })).toHaveAttribute('href', `/admin/order/order/${family.order_id}`);
  await disruption.getByRole('link', { name: singleNumber }).scrollIntoViewIfNeeded();
  await shot(page, 'defect8-course-disruption-links');
  await disruption.getByRole('link', { name: singleNumber }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Zamówienie ${singleNumber}` })).toBeVisible();
});
