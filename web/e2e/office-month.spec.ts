// The office's till and the finance month in one journey (docs/till.md, docs/finance.md), against the real
// backend on a freshly seeded database (it closes today's till: run it once per database). The admin sells
// at the desk a ticket paid in cash (and, through the API, one paid by card that stays sold); cancels the
// cash order, so its refund waits at the desk: the order's page says "Do wypłaty w kasie" with "Wypłać" and
// the home page counts it under "needs attention", a link to the till. On the till ("Kasa") the refund is
// paid out once (the dialog says how much and how; a second try from a page opened before is refused with
// the till's own sentence); cash is put in with its reason; the day is closed by counting the cash: a count
// that differs shows the difference and asks for its reason first, the Z report's number is required, and
// the closed day shows its close (a till opened before then is refused its cash). The month's JPK_V7M(3)
// is downloaded from "Miesiąc VAT (JPK)", validated with xmllint against the official schema kept in
// finance/jpk, and names the desk's day by the Z number ("RO <Z>"); its sales register downloads as the
// server's CSV and as XLSX with its totals. Screenshots of each screen at 1280 × 800 go to
// /tmp/helper41-shots/.
import { execFileSync } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';

import { apiSearch, apiStopId, apiToken, warsawDay } from './booking-support';
import { downloaded, zloty } from './downloads';
import { ADMIN, dismissNotices, expectAccessible, logIn } from './support';

const run = Date.now().toString(36).slice(-6).toUpperCase();
const Z_REPORT = `Z/${run}`;
const SHOTS = '/tmp/helper41-shots';
/** The official JPK_V7M(3) schema and its catalog, kept in the repository (finance/jpk). */
const JPK = fileURLToPath(new URL('../../finance/jpk/', import.meta.url));

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A screenshot of the whole page at 1280 × 800, for a person to look at. */
async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await dismissNotices(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** "1 234,56 zł" (or "−1,00 zł") as grosze. */
const grosz = (money: string) => Math.round(Number(money.replace(/[^\d,−-]/g, '').replace('−', '-').replace(',', '.')) * 100);

/** A definition list's terms and values, term -> value. */
async function facts(box: Locator): Promise<Record<string, string>> {
  const terms = await box.locator('dt').allTextContents();
  const values = await box.locator('dd').allTextContents();
  return Object.fromEntries(terms.map((term, i) => [term.trim(), (values[i] ?? '').replace(/\s+/g, ' ').trim()]));
}

/** A sale at the desk through the API, paid by card on the terminal; it stays sold. */
async function cardSale(request: APIRequestContext, token: string) {
  const [from, to] = [await apiStopId(request, 'Tarnów'), await apiStopId(request, 'Kraków')];
  const course = (await apiSearch(request, from, to, warsawDay(3))).find((candidate) => !candidate.cancelled && candidate.seats_available > 0);
  if (!course) throw new Error('no course Tarnów → Kraków in 3 days');
  const sold = await request.post('/api/order/order/save', {
    headers: { ...bearer(token), 'Idempotency-Key': crypto.randomUUID() },
    data: {
      course: { course_id: course.course_id, from: { id: from }, to: { id: to } },
      courseReturn: {},
      tickets: [{ qty: 1, discount_id: null }],
      customer: { first_name: 'Karol', last_name: `Kartowy-${run}`, email: '', phone: '', consent_statute: 1, consent_gdpr: 1, notify_by_sms: 0, id: null },
      invoice: { is_selected: 0, country: 'PL' },
      coupon: { code: null, value: 0 },
      payment_method: 'card_terminal',
    },
  });
  expect(sold.status(), await sold.text()).toBe(201);
  return ((await sold.json()) as { data: { order_id: string; number: string } }).data;
}

test("the till's day and the month's JPK: a desk refund paid out once, the day closed by its count, the file valid", async ({ page, request }, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const token = await apiToken(request, ADMIN);
  const card = await cardSale(request, token);
  const [from, to] = [await apiStopId(request, 'Nisko'), await apiStopId(request, 'Rzeszów')];
  const course = (await apiSearch(request, from, to, warsawDay(2))).find((candidate) => !candidate.cancelled && candidate.seats_available > 0);
  if (!course) throw new Error('no course Nisko → Rzeszów in 2 days');
  const price = course.price;

  // The desk: a walk-in passenger pays in cash.
  await logIn(page, ADMIN);
  await page.goto('/admin/order/order/edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Nowa sprzedaż w biurze' })).toBeVisible();
  await page.getByLabel('Trasa').selectOption({ label: course.route_name });
  await page.getByLabel('Skąd').selectOption({ value: String(from) });
  await page.getByLabel('Dokąd').selectOption({ value: String(to) });
  await page.getByLabel('Dzień', { exact: true }).fill(warsawDay(2));
  await page.getByRole('group', { name: 'Kurs tam' }).getByRole('radio', { name: new RegExp(`^${course.departure_time}`) }).check();
  await page.getByLabel('Pasażerowie (wiersz 1)').fill('1');
  await page.getByRole('textbox', { name: 'Imię (wymagane)' }).fill('Marta');
  await page.getByRole('textbox', { name: 'Nazwisko (wymagane)' }).fill(`Kasowa-${run}`);
  await page.getByLabel('Klient akceptuje regulamin').check();
  await page.getByLabel(/Klient zgadza się na przetwarzanie danych/).check();
  await page.getByRole('combobox', { name: 'Sposób płatności (wymagane)' }).selectOption({ label: 'Gotówka' });
  await expect(page.getByRole('status').filter({ hasText: 'Do zapłaty:' })).toContainText(`${zloty(price)} zł`);
  await page.getByRole('button', { name: 'Sprzedaj' }).click();
  const heading = page.getByRole('heading', { level: 1, name: /^Zamówienie NB-\d{4}-\d+$/ });
  await expect(heading).toBeVisible();
  const orderNumber = /NB-\d{4}-\d+/.exec((await heading.textContent()) ?? '')?.[0] ?? '';
  const orderUrl = page.url();

  // The admin cancels it: the cash is owed back at the desk, not sent anywhere.
  await page.getByRole('button', { name: 'Anuluj zamówienie' }).click();
  const cancel = page.getByRole('alertdialog', { name: 'Anulować to zamówienie?' });
  await cancel.getByLabel('Powód').fill('klient zrezygnował z podróży');
  await cancel.getByRole('button', { name: 'Anuluj zamówienie' }).click();
  const payments = page.getByRole('region', { name: 'Płatność i zwroty', exact: true });
  await expect(async () => {
    await page.reload();
    await expect(payments.getByRole('row')).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const refundRow = payments.getByRole('row').nth(1);
  await expect(refundRow).toContainText('Do wypłaty w kasie');
  await expect(refundRow).toContainText(`${zloty(price)} zł`);
  await expect(refundRow.getByRole('button', { name: `Wypłać zwrot zamówienia ${orderNumber}` })).toBeVisible();
  // Only money given back counts as given back: the refund still waits at the desk.
  expect(await facts(payments)).toMatchObject({ 'Zwrócone pieniądze': '0,00 zł', 'Czeka na wypłatę w kasie': `${zloty(price)} zł` });
  await expectAccessible(page, testInfo, 'office-month-order-waiting');
  await shot(page, '01-order-refund-waiting');

  // A second tab on the order, opened before the pay-out (another desk, say).
  const stale = await page.context().newPage();
  await stale.goto(orderUrl);
  await expect(stale.getByRole('button', { name: `Wypłać zwrot zamówienia ${orderNumber}` })).toBeVisible();

  // The home page counts the refunds waiting at the desk, a link to the till.
  await page.goto('/admin');
  const attention = page.getByRole('region', { name: 'Wymaga uwagi' });
  const toTill = attention.getByRole('link', { name: /^\d+ Zwroty do wypłaty w kasie$/ });
  await expect(async () => {
    await page.reload();
    await expect(toTill).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(toTill).toHaveAttribute('href', '/admin/till');
  await shot(page, '02-home-attention');
  await toTill.click();

  // The till: no fiscal device; today's figures, the sale among the movements, the refund waiting.
  await expect(page.getByRole('heading', { level: 1, name: 'Kasa' })).toBeVisible();
  await expect(page.getByText(/nie jest urządzeniem fiskalnym/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Nawigacja panelu' }).getByRole('link', { name: 'Kasa' })).toHaveAttribute('aria-current', 'page');
  const movements = page.getByRole('region', { name: 'Ruchy w kasie' });
  const sale = movements.getByRole('row').filter({ has: page.getByRole('link', { name: orderNumber }) });
  await expect(sale).toContainText('Sprzedaż');
  await expect(sale).toContainText('gotówka');
  await expect(sale).toContainText(`${zloty(price)} zł`);
  await expect(sale.getByRole('link', { name: orderNumber })).toHaveAttribute('href', orderUrl.replace(/^https?:\/\/[^/]+/, ''));
  const cardRow = movements.getByRole('row').filter({ has: page.getByRole('link', { name: card.number }) });
  await expect(cardRow).toContainText('karta (terminal)');
  const waiting = page.getByRole('region', { name: 'Zwroty do wypłaty w kasie' });
  const ours = waiting.getByRole('row').filter({ hasText: orderNumber });
  await expect(ours).toContainText(`${zloty(price)} zł`);
  await expect(ours).toContainText('gotówką z kasy');
  const figures = page.getByRole('region', { name: /^Stan kasy: / });
  const before = await facts(figures);
  expect(before['Stan dnia']).toBe('otwarty');
  await expectAccessible(page, testInfo, 'office-month-till');
  await shot(page, '03-till-refund-waiting');

  // "Wypłać": the dialog says how much and how, then the refund is a movement of the till.
  await ours.getByRole('button', { name: `Wypłać zwrot zamówienia ${orderNumber}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Wypłacić zwrot?' });
  await expect(dialog).toHaveAccessibleDescription(new RegExp(`Wypłać klientowi ${zloty(price)}\\s?zł gotówką z kasy \\(zamówienie ${orderNumber}\\)`));
  await shot(page, '04-till-pay-out-dialog');
  await dialog.getByRole('button', { name: 'Wypłać', exact: true }).click();
  await expect(page.getByText(`Wypłacono ${zloty(price)} zł.`)).toBeVisible();
  await expect(ours).toHaveCount(0);
  const paidOut = movements.getByRole('row').filter({ hasText: 'Wypłata zwrotu' }).filter({ has: page.getByRole('link', { name: orderNumber }) });
  await expect(paidOut).toContainText(`${zloty(price)} zł`);
  await expect.poll(async () => grosz((await facts(figures))['Zwroty wypłacone gotówką'] ?? '')).toBe(grosz(before['Zwroty wypłacone gotówką'] ?? '') + price);

  // The second try, from the tab opened before: refused, with the till's own words.
  await stale.getByRole('button', { name: `Wypłać zwrot zamówienia ${orderNumber}` }).click();
  await stale.getByRole('alertdialog', { name: 'Wypłacić zwrot?' }).getByRole('button', { name: 'Wypłać', exact: true }).click();
  await expect(stale.getByRole('alert').filter({ hasText: 'Ten zwrot został już wypłacony.' })).toBeVisible();
  // The order, read again, says when it was paid out, and offers no second pay-out.
  const stalePayments = stale.getByRole('region', { name: 'Płatność i zwroty', exact: true });
  await expect(stalePayments.getByRole('row').nth(1)).toContainText(/Wypłacono w kasie \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
  await expect(stalePayments.getByRole('button', { name: /^Wypłać/ })).toHaveCount(0);
  expect(await facts(stalePayments)).toMatchObject({ 'Zwrócone pieniądze': `${zloty(price)} zł` });
  await shot(stale, '05-order-paid-out-refused-again');
  // And the API refuses it too.
  const again = await request.post('/api/till/refund/pay-out', { headers: bearer(token), data: { refund_id: await refundIdOf(request, token, orderUrl) } });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { code: string }).code).toBe('till.already_paid_out');

  // Cash put in with its reason (a reason too short is refused before it is sent).
  const correction = page.getByRole('region', { name: 'Wpłata lub wypłata gotówki' });
  await correction.getByLabel(/^Kwota/).fill('100,00');
  await correction.getByLabel(/^Powód/).fill('ab');
  await correction.getByRole('button', { name: 'Zapisz w kasie' }).click();
  await expect(correction.getByText('Podaj powód (od 3 do 300 znaków).')).toBeVisible();
  await correction.getByLabel(/^Powód/).fill(`pogotowie kasowe ${run}`);
  await correction.getByRole('button', { name: 'Zapisz w kasie' }).click();
  await expect(movements.getByRole('row').filter({ hasText: `pogotowie kasowe ${run}` })).toContainText('100,00 zł');
  await expect(movements.getByRole('row').filter({ hasText: `pogotowie kasowe ${run}` })).toContainText('KP');

  // A till opened before the close (to be refused after it).
  const early = await page.context().newPage();
  await early.goto('/admin/till');
  await expect(early.getByRole('heading', { level: 1, name: 'Kasa' })).toBeVisible();

  // The day's close: a count that differs shows its difference and asks for its reason first.
  const close = page.getByRole('region', { name: 'Zamknięcie dnia' });
  const expected = grosz((await facts(figures))['Powinno być w kasie'] ?? '');
  await close.getByLabel(/^Policzona gotówka/).fill(zloty(expected + 150));
  await expect(close.getByText('Różnica: +1,50 zł (nadwyżka). Podaj jej powód.').first()).toBeVisible();
  await close.getByLabel(/^Numer raportu dobowego \(Z\)/).fill(Z_REPORT);
  await close.getByRole('button', { name: 'Zamknij dzień' }).click();
  await expect(close.getByLabel(/^Powód różnicy/)).toHaveAccessibleDescription(/Podaj powód \(od 3 do 300 znaków\)\./);
  await shot(page, '06-till-close-asks-reason');
  // Counted again, it matches: no reason asked.
  await close.getByLabel(/^Policzona gotówka/).fill(zloty(expected));
  await expect(close.getByText('Zgadza się z tym, co powinno być w kasie.').first()).toBeVisible();
  await expect(close.getByLabel(/^Powód różnicy/)).toHaveCount(0);
  await close.getByRole('button', { name: 'Zamknij dzień' }).click();
  await expect(page.getByText('Dzień zamknięty.')).toBeVisible();
  await expect.poll(async () => (await facts(figures))['Stan dnia']).toBe('zamknięty');
  const closing = await facts(page.getByRole('region', { name: 'Zamknięcie dnia' }));
  expect(closing).toMatchObject({ 'Policzona gotówka': `${zloty(expected)} zł`, Różnica: '0,00 zł', 'Numer raportu dobowego (Z)': Z_REPORT });
  expect(closing['Zamknięto']).toContain(ADMIN.email);
  await expectAccessible(page, testInfo, 'office-month-till-closed');
  await shot(page, '07-till-closed');

  // The till opened before the close is refused cash on the closed day, in its own words.
  const lateCash = early.getByRole('region', { name: 'Wpłata lub wypłata gotówki' });
  await lateCash.getByLabel(/^Kwota/).fill('10,00');
  await lateCash.getByLabel(/^Powód/).fill('po zamknięciu');
  await lateCash.getByRole('button', { name: 'Zapisz w kasie' }).click();
  await expect(lateCash.getByRole('alert')).toContainText('Ten dzień kasy jest już zamknięty');
  await early.close();
  await stale.close();

  // The cash report: its CSV, from the server.
  const csv = await downloaded(page, page.getByRole('group', { name: 'Raport kasowy' }).getByRole('button', { name: 'Pobierz CSV' }));
  expect(csv.name).toBe(`raport-kasowy-${warsawDay(0)}.csv`);
  const report = (await readFile(csv.path)).toString('utf8');
  expect(report.startsWith('\uFEFF')).toBe(true);
  expect(report).toContain(Z_REPORT);
  expect(report).toContain(orderNumber);

  // The month: JPK_V7M(3) for a tax office, remembered.
  await page.getByRole('navigation', { name: 'Nawigacja panelu' }).getByRole('link', { name: 'Miesiąc VAT (JPK)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Miesiąc VAT (JPK)' })).toBeVisible();
  await expect(page.getByText(/zakupy dopisuje księgowa/).first()).toBeVisible();
  await expect(page.getByLabel('Miesiąc', { exact: true })).toHaveValue(warsawDay(0).slice(0, 7));
  await page.getByLabel('Kod urzędu skarbowego').fill('12');
  await page.getByRole('button', { name: 'Pokaż' }).click();
  await expect(page.getByText('Wpisz czterocyfrowy kod urzędu skarbowego, np. 1471.')).toBeVisible();
  await page.getByLabel('Kod urzędu skarbowego').fill('1471');
  await page.getByRole('button', { name: 'Pokaż' }).click();
  const file = page.getByRole('region', { name: 'Plik JPK_V7M(3)' });
  await expect(file).toBeVisible();
  const summary = await facts(file);
  expect(Number(summary['Dokumenty dzienne sprzedaży bez faktury (RO, WEW)'])).toBeGreaterThan(0);
  await expectAccessible(page, testInfo, 'office-month-jpk');
  await shot(page, '08-month-jpk');
  const jpk = await downloaded(page, file.getByRole('button', { name: 'Pobierz JPK_V7M(3)' }));
  expect(jpk.name).toBe(`JPK_V7M_${warsawDay(0).slice(0, 7)}.xml`);
  // Valid against the official schema, offline, as docs/finance.md says every file is.
  const validated = execFileSync('xmllint', ['--nonet', '--noout', '--schema', `${JPK}schemat_JPK_V7M(3)_v1-0E.xsd`, jpk.path], {
    env: { ...process.env, XML_CATALOG_FILES: `${JPK}catalog.xml` },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  expect(validated).toBe('');
  const xml = (await readFile(jpk.path)).toString('utf8');
  expect(xml).toContain('<KodUrzedu>1471</KodUrzedu>');
  expect(xml).toContain(`<DowodSprzedazy>RO ${Z_REPORT}</DowodSprzedazy>`);

  // The sales register: the same rows, with the day's RO, its totals per rate; CSV and XLSX.
  const register = page.getByRole('region', { name: 'Rejestr sprzedaży' });
  await expect(register.getByRole('row').filter({ hasText: `RO ${Z_REPORT}` })).toBeVisible();
  await expect(register.getByRole('row').filter({ hasText: /^Razem \d+%/ }).first()).toBeVisible();
  await shot(page, '09-month-register');
  const files = register.getByRole('group', { name: 'Pliki rejestru sprzedaży' });
  const registerCsv = await downloaded(page, files.getByRole('button', { name: 'Pobierz CSV' }));
  expect(registerCsv.name).toBe(`rejestr-sprzedazy-${warsawDay(0).slice(0, 7)}.csv`);
  expect((await readFile(registerCsv.path)).toString('utf8')).toContain(`RO ${Z_REPORT}`);
  const registerXlsx = await downloaded(page, files.getByRole('button', { name: 'Pobierz Excel (XLSX)' }));
  const sheet = await readSheet(registerXlsx.path);
  const header = sheet[0] ?? [];
  expect(header.slice(0, 3)).toEqual(['Lp.', 'Dokument', 'Rodzaj']);
  expect(sheet.some((row) => row[1] === `RO ${Z_REPORT}`)).toBe(true);
  expect(sheet.some((row) => typeof row[1] === 'string' && /^Razem \d+%$/.test(row[1]))).toBe(true);
  expect(sheet.at(-1)?.[1]).toBe('Podatek należny');

  // The tax office is remembered in this browser.
  await page.reload();
  await expect(page.getByLabel('Kod urzędu skarbowego')).toHaveValue('1471');

  // In English.
  await page.goto('/en/admin/till');
  await expect(page.getByRole('heading', { level: 1, name: 'Till' })).toBeVisible();
  await expect(page.getByText(/no fiscal device/)).toBeVisible();
  await shot(page, '10-till-en');
});

/** The id of the order's refund, as the admin's order page reads it. */
async function refundIdOf(request: APIRequestContext, token: string, orderUrl: string): Promise<string> {
  const id = orderUrl.split('/').pop() ?? '';
  const answer = await request.get('/api/order/order/one', { headers: bearer(token), params: { id } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { gateway_refunds: { refund_id: string }[] } }).data.gateway_refunds[0]?.refund_id ?? '';
}
