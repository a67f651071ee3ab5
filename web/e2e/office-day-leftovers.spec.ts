// The office manager's leftovers of the admin panel, each a journey against the real backend (run on a
// server of its own: it makes courses of Tarnów – Kraków two months ahead and cancels one):
// 11. a logged-out visitor of /admin (any page of it, in either language) logs in and comes back there; a
//     logged-in customer is told the panel is not theirs, not shown the shop;
// 12. a desk sale of several seats asks each passenger's name, and each printed ticket names its own;
// 13. the order page, its history, its refunds and the invoice page speak the panel's language only:
//     amounts one way per language, a correction's kind in words, dates the panel's way, the server's
//     Polish reasons said in English under /en and its English words said in Polish;
// 14. a correction's line names the ticket's price, the return fee and what is given back;
// 15. "Drukuj" opens the printer's dialog with the PDF instead of downloading it (measured: the pages of
//     a one-ticket A4 print).
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

import { apiSearch, apiStopId, apiToken, warsawDay, type Connection } from './booking-support';
import { download, flat } from './downloads';
import { readDownloadedPdf, readPdf } from './pdf';
import { print } from './printing';
import { ADMIN, JAN, expectAccessible, logIn } from './support';

const run = Date.now().toString(36).slice(-6);
const SHOTS = '/tmp/helper42-shots';
const ROUTE = 'Tarnów – Kraków';
const BUYER = { vat_number: '5260250274', company_name: `Hurtownia Resztki ${run} Sp. z o.o.`, address: 'ul. Długa 1', postal_code: '37-400', city: 'Nisko' };

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function shot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Fills the admin's login form (the page must show it) and sends it. */
async function submitLogin(page: Page, account: { email: string; password: string }, english = false) {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
  await page.getByLabel(english ? 'Password' : 'Hasło').fill(account.password);
  await page.getByRole('button', { name: english ? 'Log in' : 'Zaloguj się' }).click();
}

/** The id of the seeded route `name`. */
async function routeId(request: APIRequestContext, token: string, name: string): Promise<number> {
  const answer = await request.get('/api/route/route/all', { headers: bearer(token), params: { 'per-page': 100 } });
  const route = ((await answer.json()) as { data: { models: { id: number; name: string }[] } }).data.models.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`the seeded route ${name}`);
  return route.id;
}

/** A new course of Tarnów – Kraków `days` ahead at a free minute after 06:00 Warsaw time, as the search finds it. */
async function newCourse(request: APIRequestContext, token: string, days: number): Promise<{ course: Connection; from: number; to: number }> {
  const route = await routeId(request, token, ROUTE);
  const [from, to] = [await apiStopId(request, 'Tarnów'), await apiStopId(request, 'Kraków')];
  const day = warsawDay(days);
  for (let minute = Math.floor(Math.random() * 600); minute < 1440; minute += 7) {
    const departure = new Date(`${day}T05:00:00Z`).getTime() + minute * 60_000;
    const created = await request.post('/api/course/course/save', { headers: bearer(token), data: { route_id: route, departure_at: new Date(departure).toISOString(), seats: 10 } });
    if (created.status() === 422) continue;
    expect(created.ok(), await created.text()).toBe(true);
    const id = ((await created.json()) as { data: { id: string } }).data.id;
    let found: Connection | undefined;
    await expect.poll(async () => {
      found = (await apiSearch(request, from, to, day)).find((candidate) => candidate.course_id === id);
      return found !== undefined;
    }, { timeout: 20_000 }).toBe(true);
    if (found) return { course: found, from, to };
  }
  throw new Error('a free minute for a new course');
}

/** A sale at the desk through the API, paid in cash: `names` the passengers' names (one seat each). */
async function deskSale(request: APIRequestContext, token: string, trip: { course: Connection; from: number; to: number }, names: string[], invoice: boolean) {
  const sold = await request.post('/api/order/order/save', {
    headers: { ...bearer(token), 'Idempotency-Key': `leftovers-${run}-${Math.random()}` },
    data: {
      course: { course_id: trip.course.course_id, from: { id: trip.from }, to: { id: trip.to } },
      courseReturn: {},
      tickets: [{ qty: names.length, discount_id: null, passengers: names }],
      customer: { first_name: 'Kazimierz', last_name: `Resztka-${run}`, email: '', phone: '', consent_statute: 1, consent_gdpr: 1, notify_by_sms: 0, id: null },
      invoice: invoice ? { is_selected: 1, country: 'PL', ...BUYER } : { is_selected: 0, country: 'PL' },
      coupon: { code: null, value: 0 },
      payment_method: 'cash',
    },
  });
  expect(sold.status(), await sold.text()).toBe(201);
  return ((await sold.json()) as { data: { order_id: string; number: string } }).data;
}

interface AdminOrderTicket {
  number: string;
  price: number;
  status: string;
}

/** The order's tickets as the admin reads them, once the read model has `count` of them in `status`. */
async function ticketsOf(request: APIRequestContext, token: string, orderId: string, count: number, status = 'valid'): Promise<AdminOrderTicket[]> {
  let tickets: AdminOrderTicket[] = [];
  await expect.poll(async () => {
    const answer = await request.get('/api/order/order/one', { headers: bearer(token), params: { id: orderId } });
    tickets = answer.ok() ? ((await answer.json()) as { data: { tickets: AdminOrderTicket[] } }).data.tickets : [];
    return tickets.filter((ticket) => ticket.status === status).length;
  }, { timeout: 20_000 }).toBe(count);
  return tickets;
}

/** The visible text of the order's history (the entries' technical details folded away). */
async function historyText(page: Page): Promise<string> {
  const history = page.getByRole('region', { name: /^(Historia zamówienia|Order timeline)$/ });
  await expect(history.getByRole('listitem').first()).toBeVisible();
  return flat(await history.innerText());
}

/** A definition list's terms and values, term -> value. */
async function facts(box: Locator): Promise<Record<string, string>> {
  const terms = await box.locator('dt').allInnerTexts();
  const values = await box.locator('dd').allInnerTexts();
  return Object.fromEntries(terms.map((term, i) => [term.trim(), flat(values[i] ?? '').trim()]));
}

/** The page's main text without the history's technical details (raw events, kept in their data's form). */
async function screenText(page: Page): Promise<string> {
  return flat(await page.getByRole('main').innerText());
}

test('11. /admin logged out goes to the login page and back after it; a customer is told there is no access', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const guest = await browser.newContext({ locale: 'pl-PL', timezoneId: 'Europe/Warsaw', viewport: { width: 1280, height: 800 } });
  const page = await guest.newPage();
  for (const [path, login, heading] of [
    ['/admin', '/login', 'Logowanie'],
    ['/admin/order/order', '/login', 'Logowanie'],
    ['/admin/order/invoice?page=2', '/login', 'Logowanie'],
    ['/en/admin', '/en/login', 'Log in'],
    ['/en/admin/order/invoice', '/en/login', 'Log in'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page, path).toHaveURL(new RegExp(`${escape(login)}\\?redirect=${escape(encodeURIComponent(path))}$`));
    // Not the shop's home page.
    await expect(page.getByRole('heading', { name: /^(Wyszukaj połączenie|Search connections)$/ })).toHaveCount(0);
  }
  await shot(page, 'defect11-admin-logged-out-login');

  // Logged in as the admin, back where the visitor was going.
  await page.goto('/admin/order/order');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Forder%2Forder$/);
  await submitLogin(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/order\/order$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zamówienia' })).toBeVisible();
  await guest.close();

  // In English too.
  const english = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/Warsaw', viewport: { width: 1280, height: 800 } });
  const enPage = await english.newPage();
  await enPage.goto('/en/admin/order/invoice');
  await expect(enPage.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await submitLogin(enPage, ADMIN, true);
  await expect(enPage).toHaveURL(/\/en\/admin\/order\/invoice$/);
  await expect(enPage.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await english.close();

  // A customer logged in: told the panel is not for this account, with the way to log in as someone else.
  const customer = await browser.newContext({ locale: 'pl-PL', timezoneId: 'Europe/Warsaw', viewport: { width: 1280, height: 800 } });
  const jan = await customer.newPage();
  await logIn(jan, JAN);
  await jan.goto('/admin/order/order');
  await expect(jan.getByRole('heading', { level: 1, name: 'Brak dostępu do panelu administracyjnego' })).toBeVisible();
  await expect(jan).toHaveURL(/\/admin\/order\/order$/);
  await expect(jan.getByRole('main')).toContainText(JAN.email);
  await expect(jan.getByRole('heading', { name: 'Wyszukaj połączenie' })).toHaveCount(0);
  await expect(jan.getByRole('navigation', { name: 'Nawigacja panelu' })).toHaveCount(0);
  await expectAccessible(jan, testInfo, 'defect11-no-access');
  await shot(jan, 'defect11-no-access-pl');
  await jan.goto('/en/admin');
  await expect(jan.getByRole('heading', { level: 1, name: 'No access to the admin panel' })).toBeVisible();
  await shot(jan, 'defect11-no-access-en');
  // "Log in with another account": the session ends, the login page keeps the way back.
  await jan.getByRole('button', { name: 'Log in with another account' }).click();
  await expect(jan).toHaveURL(/\/en\/login\?redirect=%2Fen%2Fadmin$/);
  await submitLogin(jan, ADMIN, true);
  await expect(jan).toHaveURL(/\/en\/admin$/);
  await expect(jan.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await customer.close();
});

test("12. a desk sale of two seats asks both passengers' names and each printed ticket names its own", async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  const token = await apiToken(request, ADMIN);
  const trip = await newCourse(request, token, 62);
  const [first, second] = [`Adam Pierwszy-${run}`, `Ewa Druga-${run}`];

  await logIn(page, ADMIN);
  await page.goto('/admin/order/order/edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Nowa sprzedaż w biurze' })).toBeVisible();
  await page.getByLabel('Trasa').selectOption({ label: ROUTE });
  await page.getByLabel('Skąd').selectOption({ value: String(trip.from) });
  await page.getByLabel('Dokąd').selectOption({ value: String(trip.to) });
  await page.getByLabel('Dzień', { exact: true }).fill(warsawDay(62));
  await page.getByRole('group', { name: 'Kurs tam' }).getByRole('radio', { name: new RegExp(`^${trip.course.departure_time}`) }).check();
  await page.getByLabel('Pasażerowie (wiersz 1)').fill('2');
  // One field per seat, on show: the cashier asks each passenger.
  await expect(page.getByRole('textbox', { name: /^Pasażer \d/ })).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Pasażer 1 (wiersz 1)' }).fill(first);
  await page.getByRole('textbox', { name: 'Pasażer 2 (wiersz 1)' }).fill(second);
  await page.getByRole('textbox', { name: 'Imię (wymagane)' }).fill('Kazimierz');
  await page.getByRole('textbox', { name: 'Nazwisko (wymagane)' }).fill(`Kupujący-${run}`);
  await page.getByLabel('Klient akceptuje regulamin').check();
  await page.getByLabel(/Klient zgadza się na przetwarzanie danych/).check();
  await page.getByRole('combobox', { name: 'Sposób płatności (wymagane)' }).selectOption({ label: 'Gotówka' });
  await expectAccessible(page, testInfo, 'defect12-desk-sale');
  await page.getByRole('group', { name: 'Pasażerowie', exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/defect12-desk-sale-names.png` });
  await page.getByRole('button', { name: 'Sprzedaj' }).click();

  await expect(page.getByRole('heading', { level: 1, name: /^Zamówienie NB-\d{4}-\d+$/ })).toBeVisible();
  const tickets = page.getByRole('region', { name: 'Bilety', exact: true });
  await expect(tickets.getByRole('row').filter({ hasText: first })).toHaveCount(1);
  await expect(tickets.getByRole('row').filter({ hasText: second })).toHaveCount(1);
  const numberOf = async (name: string) => /NK-\d{4}-\d{6}/.exec((await tickets.getByRole('row').filter({ hasText: name }).innerText()) ?? '')?.[0] ?? '';
  const [firstTicket, secondTicket] = [await numberOf(first), await numberOf(second)];

  // The 80 mm roll: a page per ticket, each naming its own passenger (and not the buyer), then the confirmation.
  const printed = await print(page, page.getByRole('button', { name: 'Drukuj – paragon 80 mm' }));
  const receipt = await readPdf(printed.bytes, testInfo, 'defect12-receipt');
  expect(receipt.pages).toBe(3);
  const pageOf = (ticket: string) => flat(receipt.pageTexts.find((text) => text.includes(ticket)) ?? '');
  expect(pageOf(firstTicket)).toContain(first);
  expect(pageOf(firstTicket)).not.toContain(second);
  expect(pageOf(secondTicket)).toContain(second);
  expect(pageOf(secondTicket)).not.toContain(first);
  expect(flat(receipt.text)).not.toContain(`Kupujący-${run}`);
});

test("13 and 14. the order page, its history, its refunds and its invoices speak the panel's language; a correction names the fee", async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const token = await apiToken(request, ADMIN);
  const trip = await newCourse(request, token, 63);
  const other = await newCourse(request, token, 63);
  // An invoiced desk sale of two seats: one returned (a correction, 10% fee), the other moved to another course.
  const order = await deskSale(request, token, trip, [`Anna Zwrot-${run}`, `Piotr Przenosiny-${run}`], true);
  const [returned, moved] = await ticketsOf(request, token, order.order_id, 2);
  if (!returned || !moved) throw new Error('two tickets');
  const back = await request.post('/api/order/order/return-ticket', { headers: bearer(token), data: { number: returned.number } });
  expect(back.status(), await back.text()).toBe(200);
  const quote = ((await back.json()) as { data: { price: number; fee: number; money_refund: number } }).data;
  expect(quote.fee).toBeGreaterThan(0);
  const change = await request.post('/api/order/order/change-course', { headers: bearer(token), data: { number: moved.number, course_id: other.course.course_id } });
  expect(change.status(), await change.text()).toBe(200);
  // A second sale on a course the carrier cancels; the office chooses the refund for the passenger.
  const cancelledTrip = await newCourse(request, token, 64);
  const chosen = await deskSale(request, token, cancelledTrip, [`Olga Odwołana-${run}`], false);
  await ticketsOf(request, token, chosen.order_id, 1);
  const cancel = await request.post('/api/course/course/cancel', { headers: bearer(token), data: { course_id: cancelledTrip.course.course_id, reason: `Awaria autokaru ${run}` } });
  expect(cancel.status(), await cancel.text()).toBe(200);
  await expect.poll(async () => {
    const answer = await request.post('/api/course/course/disruption-choose', {
      headers: bearer(token),
      data: { course_id: cancelledTrip.course.course_id, order_id: chosen.order_id, choice: 'refund', to_course_id: null },
    });
    return answer.status();
  }, { timeout: 20_000 }).toBe(200);

  await logIn(page, ADMIN);
  // As the page's text reads (its no-break spaces as spaces).
  const pricePl = (grosz: number) => flat(new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN' }).format(grosz / 100));
  const priceEn = (grosz: number) => flat(new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'PLN' }).format(grosz / 100));
  const fee = quote.fee;
  const refund = quote.price - quote.fee;

  // Polish: the order page and its history.
  await page.goto(`/admin/order/order/${order.order_id}`);
  const invoicesPl = page.getByRole('region', { name: 'Faktury i korekty', exact: true });
  await expect(async () => {
    await page.reload();
    await expect(invoicesPl.getByRole('row')).toHaveCount(3, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const correctionRow = invoicesPl.getByRole('row').filter({ hasText: /-KOR\// });
  await expect(correctionRow.getByRole('cell').nth(1)).toHaveText('Faktura korygująca');
  await expect(invoicesPl.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('Faktura VAT');
  // 14: the correction's line names the ticket's price, the fee and what goes back.
  await expect(correctionRow).toContainText(`Zwrot biletu ${returned.number}: cena biletu ${pricePl(quote.price)}, opłata za zwrot ${pricePl(fee)}, do zwrotu ${pricePl(refund)}`);
  let history = await historyText(page);
  expect(history).toContain(`Zwrócono bilet ${returned.number}`);
  // The move's new course in the panel's date format, not "2026-12-05 07:10".
  expect(history).toMatch(new RegExp(`Bilet ${moved.number} przeniesiono na kurs \\d{2}\\.\\d{2}\\.\\d{4}, \\d{2}:\\d{2}`));
  expect(history).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  let text = await screenText(page);
  expect(text).not.toMatch(/PLN/);
  await correctionRow.scrollIntoViewIfNeeded();
  await shot(page, 'defect13-order-pl');

  // The order whose refund the office chose on the cancelled course: the choice in Polish, not "(office)".
  await page.goto(`/admin/order/order/${chosen.order_id}`);
  await expect(async () => {
    history = await historyText(page);
    expect(history).toContain('Wybrano pełny zwrot');
  }).toPass({ timeout: 20_000 });
  expect(history).toContain('(wybór biura)');
  expect(history).not.toMatch(/\((office|passenger|automatic)\)/);
  await page.getByRole('region', { name: /^Historia zamówienia$/ }).getByText('Wybrano pełny zwrot').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/defect13-history-office-choice-pl.png` });

  // English: amounts as "PLN 39.00" only, the kinds in words, the server's Polish reasons in English.
  await page.goto(`/en/admin/order/order/${order.order_id}`);
  const invoicesEn = page.getByRole('region', { name: 'Invoices and corrections', exact: true });
  await expect(invoicesEn.getByRole('row')).toHaveCount(3);
  const correctionEn = invoicesEn.getByRole('row').filter({ hasText: /-KOR\// });
  await expect(correctionEn.getByRole('cell').nth(1)).toHaveText('Correction invoice');
  await expect(correctionEn).toContainText(`Ticket ${returned.number} returned: ticket price ${priceEn(quote.price)}, return fee ${priceEn(fee)}, to refund ${priceEn(refund)}`);
  const refundsEn = page.getByRole('region', { name: 'Payment and refunds', exact: true });
  await expect(refundsEn.getByRole('row').filter({ hasText: returned.number })).toContainText(`Ticket ${returned.number} returned`);
  await expect(refundsEn.getByRole('row').filter({ hasText: returned.number })).toContainText(priceEn(refund));
  text = await screenText(page);
  expect(text).not.toMatch(/zł|Zwrot biletu/);
  history = await historyText(page);
  expect(history).toContain(`(Ticket ${returned.number} returned)`);
  expect(history).toMatch(new RegExp(`Ticket ${moved.number} moved to the course at \\d{2}/\\d{2}/\\d{4}, \\d{2}:\\d{2}`));
  expect(history).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  await correctionEn.scrollIntoViewIfNeeded();
  await shot(page, 'defect13-order-en');
  await page.goto(`/en/admin/order/order/${chosen.order_id}`);
  await expect(async () => expect(await historyText(page)).toContain("(the office's choice)")).toPass({ timeout: 10_000 });

  // The correction's own page, in both languages.
  await page.goto(`/admin/order/order/${order.order_id}`);
  const correctionNumber = (await correctionRow.getByRole('link').first().innerText()).trim();
  await correctionRow.getByRole('link', { name: correctionNumber, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Korekta ${correctionNumber}` })).toBeVisible();
  const documentPl = await facts(page.getByRole('region', { name: 'Dokument', exact: true }));
  expect(documentPl['Rodzaj']).toBe('Faktura korygująca');
  expect(documentPl['Brutto']).toBe(pricePl(-refund));
  expect(documentPl['Powód korekty']).toBe(`Zwrot biletu ${returned.number}`);
  expect(documentPl['Pozycja korekty']).toBe(`Zwrot biletu ${returned.number}: cena biletu ${pricePl(quote.price)}, opłata za zwrot ${pricePl(fee)}, do zwrotu ${pricePl(refund)}`);
  expect(await screenText(page)).not.toMatch(/PLN|\d{4}-\d{2}-\d{2}/);
  await shot(page, 'defect14-correction-pl');
  const correctionUrl = new URL(page.url()).pathname;
  await page.goto(`/en${correctionUrl}`);
  await expect(page.getByRole('heading', { level: 1, name: `Correction ${correctionNumber}` })).toBeVisible();
  const documentEn = await facts(page.getByRole('region', { name: 'Document', exact: true }));
  expect(documentEn['Kind']).toBe('Correction invoice');
  expect(documentEn['Net']).toMatch(/^-PLN \d+\.\d\d$/);
  expect(documentEn['VAT']).toMatch(/^-PLN \d+\.\d\d$/);
  expect(documentEn['Gross']).toBe(priceEn(-refund));
  expect(documentEn['Correction reason']).toBe(`Ticket ${returned.number} returned`);
  expect(documentEn['Correction line']).toBe(`Ticket ${returned.number} returned: ticket price ${priceEn(quote.price)}, return fee ${priceEn(fee)}, to refund ${priceEn(refund)}`);
  expect(await screenText(page)).not.toMatch(/zł|Zwrot biletu|\d{4}-\d{2}-\d{2}/);
  await shot(page, 'defect14-correction-en');
  // The invoice it corrects lists it in English too.
  await page.getByRole('link', { name: /^NB\/\d{4}\/\d+$/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Invoice / })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Corrections of this invoice' })).toContainText(priceEn(-refund));
  expect(await screenText(page)).not.toMatch(/zł|Zwrot biletu/);

  // The correction's PDF is the backend's: its line as printed, for the report.
  await page.goto(`/admin/order/order/${order.order_id}`);
  const pdf = await readDownloadedPdf(await download(page, invoicesPl.getByRole('link', { name: `${correctionNumber} (PDF)` })), testInfo, 'defect14-correction-pdf');
  const line = /\n\s*1\s+Zwrot biletu[^\n]*/.exec(pdf.text)?.[0]?.trim() ?? '';
  expect(line, pdf.text).toContain(returned.number);
  testInfo.annotations.push({ type: 'correction PDF line (backend)', description: line });
});

test("15. Drukuj opens the printer's dialog with the PDF, in a hidden frame where the page allows it, else in a tab", async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  const token = await apiToken(request, ADMIN);
  const trip = await newCourse(request, token, 65);
  const order = await deskSale(request, token, trip, [`Teresa Drukowana-${run}`], false);
  const [ticket] = await ticketsOf(request, token, order.order_id, 1);

  await logIn(page, ADMIN);
  await page.goto(`/admin/order/order/${order.order_id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Zamówienie ${order.number}` })).toBeVisible();
  // The server's policy lets a frame show a blob: document: the PDF prints from a hidden frame.
  const a4 = await print(page, page.getByRole('button', { name: 'Drukuj – A4' }));
  expect(a4.downloads).toEqual([]);
  expect(a4.via).toBe('frame');
  expect(page.context().pages()).toHaveLength(1);
  const sheet = await readPdf(a4.bytes, testInfo, 'defect15-a4');
  expect(flat(sheet.text)).toContain(ticket?.number ?? 'NK-');
  testInfo.annotations.push({ type: 'A4 print of one ticket (backend)', description: `${sheet.pages} page(s): ${sheet.pageTexts.map((text, i) => `page ${i + 1}: ${flat(text).slice(0, 80)}…`).join(' | ')}` });
  const roll = await print(page, page.getByRole('button', { name: 'Drukuj – paragon 80 mm' }));
  expect(roll.downloads).toEqual([]);
  expect(roll.via).toBe('frame');
  expect((await readPdf(roll.bytes, testInfo, 'defect15-receipt')).pages).toBe(2);

  // A page whose policy lets no frame show a blob: document prints from a tab of its own instead.
  // (The page reads its own policy from its address: the document and a fetch of it.)
  await page.route('**/admin/order/order/**', async (route) => {
    if (!['document', 'fetch'].includes(route.request().resourceType())) return route.continue();
    const response = await route.fetch();
    const headers = response.headers();
    headers['content-security-policy'] = (headers['content-security-policy'] ?? '').replace(" frame-src 'self' blob:;", '');
    return route.fulfill({ response, headers });
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Zamówienie ${order.number}` })).toBeVisible();
  const tabbed = await print(page, page.getByRole('button', { name: 'Drukuj – A4' }));
  expect(tabbed.via).toBe('tab');
  expect(tabbed.downloads).toEqual([]);
});
