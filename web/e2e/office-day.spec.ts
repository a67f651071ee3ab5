// The office's day in one journey (issue 29, "Done means"), against the real backend. The admin logs in
// and lands on the panel's home page (today's courses and the day's sales); makes a coupon of 15,85 zł,
// typed as money; sells at the desk a 39 zł ticket Nisko → Kraków for tomorrow to a walk-in passenger
// with neither an e-mail nor a phone, with that coupon, so the order is exactly 23,15 zł; prints it (the
// 80 mm receipt and A4, each handed to the printer's dialog and read back); issues the invoice the passenger then asks for (its
// number on the order, its PDF read back); exports the orders list to CSV and XLSX, one click each, and
// reads both back (23,15 zł as "23,15" in the CSV, the number 23.15 in the XLSX); and back on the home
// page sees the sale counted to the grosz and tomorrow's course with its seat sold. Screenshots of the
// home page at 1280 and 390 px; axe finds nothing serious on any admin page the journey touches.
// (This journey took over admin-home.spec.ts and admin-exports.spec.ts, every assertion of theirs.)
import { readFile } from 'node:fs/promises';

import { expect, test, type Page } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';

import { apiSearch, apiStopId, courseSoon, warsawDay } from './booking-support';
import { download, downloaded, flat, zloty } from './downloads';
import { pageWidths, readDownloadedPdf, readPdf } from './pdf';
import { print } from './printing';
import { ADMIN, askForInvoice, dismissNotices, expectAccessible, logIn } from './support';

const run = Date.now().toString(36).slice(-6).toUpperCase();
const ROUTE = 'Nisko – Kraków';
/** Nisko → Kraków: 235 minutes, 39 zł by the seeded tariff; less the coupon, 23,15 zł. */
const PRICE = 3900;
const COUPON = 1585;
const TO_PAY = PRICE - COUPON;
const BUYER = {
  vat_number: '526-025-02-74',
  company_name: `Hurtownia Dzień ${run} Sp. z o.o.`,
  address: 'ul. Długa 1',
  postal_code: '37-400',
  city: 'Nisko',
};

/** Today's sums as the home page shows them: term -> value. */
async function todaySums(page: Page): Promise<Record<string, string>> {
  const today = page.getByRole('region', { name: 'Sprzedaż w ostatnich 30 dniach' }).getByRole('region', { name: 'Dziś', exact: true });
  await expect(today).toBeVisible();
  const terms = await today.locator('dt').allTextContents();
  const values = await today.locator('dd').allTextContents();
  return Object.fromEntries(terms.map((term, i) => [term, values[i] ?? '']));
}

/** "1 234,56 zł" as grosze. */
const grosz = (money: string) => Math.round(Number(money.replace(/[^\d,-]/g, '').replace(',', '.')) * 100);

test("the office's day: the home page, a desk sale printed, an invoice on request, the orders exported", async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const [from, to] = [await apiStopId(request, 'Nisko'), await apiStopId(request, 'Kraków')];
  const course = (await apiSearch(request, from, to, warsawDay(1))).find((candidate) => candidate.route_name === ROUTE && candidate.seats_available > 0);
  if (!course) throw new Error(`no course ${ROUTE} tomorrow`);
  expect(course.price).toBe(PRICE);
  // A course later today, so today's table has one whatever the hour the database was seeded at
  // (the seed's timetable starts at the seeding); none after 23:00, when today is nearly over.
  const warsawTime = (at: Date) => new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', hour: '2-digit', minute: '2-digit' }).format(at);
  const laterToday = warsawDay(0) === new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date(Date.now() + 40 * 60_000))
    ? await courseSoon(request, 'Tarnów – Kraków', 20)
    : null;

  // Morning: the panel opens on its home page, with today's courses and the day's sales.
  await logIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pulpit' })).toBeVisible();
  const courses = page.getByRole('region', { name: 'Kursy dziś i jutro' });
  const today = courses.getByRole('region', { name: /^Dziś, / });
  await expect(today).toBeVisible();
  if (laterToday) {
    const row = today.getByRole('row', { name: new RegExp(`^${warsawTime(laterToday)} Tarnów – Kraków`) });
    // The course was made a moment ago: the page shows it once its read model has it.
    await expect(async () => {
      await page.reload();
      await expect(row).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  }
  const before = await todaySums(page);
  await expectAccessible(page, testInfo, 'office-day-home-morning');

  // A coupon of 15,85 zł, typed in złoty.
  const code = `DZIEN${run}`;
  await page.goto('/admin/course/coupon/new');
  await page.getByLabel('Kod').fill(code);
  await page.getByLabel(/^Wartość początkowa/).fill(zloty(COUPON));
  await expectAccessible(page, testInfo, 'office-day-coupon-new');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible();
  await expect(page.getByLabel('Pozostało (zł)')).toHaveValue(zloty(COUPON));
  await expectAccessible(page, testInfo, 'office-day-coupon');

  // The desk: a walk-in passenger, no e-mail, no phone, the coupon, cash.
  await page.goto('/admin/order/order');
  await expectAccessible(page, testInfo, 'office-day-orders');
  await page.getByRole('link', { name: 'Nowa sprzedaż w biurze' }).click();
  // The list has a "Trasa" filter of its own: wait for the sale's page before choosing.
  await expect(page.getByRole('heading', { level: 1, name: 'Nowa sprzedaż w biurze' })).toBeVisible();
  await page.getByLabel('Trasa').selectOption({ label: ROUTE });
  await page.getByLabel('Skąd').selectOption({ value: String(from) });
  await page.getByLabel('Dokąd').selectOption({ value: String(to) });
  await page.getByLabel('Dzień', { exact: true }).fill(warsawDay(1));
  await page.getByRole('group', { name: 'Kurs tam' }).getByRole('radio', { name: new RegExp(`^${course.departure_time}`) }).check();
  await page.getByLabel('Pasażerowie (wiersz 1)').fill('1');
  await page.getByRole('textbox', { name: 'Imię (wymagane)' }).fill('Dorota');
  await page.getByRole('textbox', { name: 'Nazwisko (wymagane)' }).fill(`Dzienna-${run}`);
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Telefon', exact: true })).toHaveValue('');
  await page.getByLabel('Klient akceptuje regulamin').check();
  await page.getByLabel(/Klient zgadza się na przetwarzanie danych/).check();
  await page.getByRole('textbox', { name: 'Kod kuponu' }).fill(code);
  // The cashier takes what the order will cost: the coupon is in the amount shown before the sale.
  await expect(page.getByRole('status').filter({ hasText: 'Do zapłaty:' })).toContainText(`${zloty(TO_PAY)} zł`);
  await page.getByRole('combobox', { name: 'Sposób płatności (wymagane)' }).selectOption({ label: 'Gotówka' });
  await expectAccessible(page, testInfo, 'office-day-desk-sale');
  await page.getByRole('button', { name: 'Sprzedaj' }).click();

  // The order: paid in cash, 23,15 zł, nothing to e-mail.
  const heading = page.getByRole('heading', { level: 1, name: /^Zamówienie NB-\d{4}-\d+$/ });
  await expect(heading).toBeVisible();
  const orderNumber = /NB-\d{4}-\d+/.exec((await heading.textContent()) ?? '')?.[0] ?? '';
  await expect(page.getByRole('button', { name: 'Wyślij bilety e-mailem' })).toBeDisabled();
  const payments = page.getByRole('region', { name: 'Płatność i zwroty', exact: true });
  await expect(payments).toContainText('Gotówka w kasie');
  await expect(payments).toContainText(`${zloty(TO_PAY)} zł`);
  await expectAccessible(page, testInfo, 'office-day-order');

  // "Drukuj": the 80 mm receipt roll (the ticket and the confirmation of payment), then A4.
  const printedReceipt = await print(page, page.getByRole('button', { name: 'Drukuj – paragon 80 mm' }));
  expect(printedReceipt.downloads).toEqual([]);
  const receipt = await readPdf(printedReceipt.bytes, testInfo, 'office-day-receipt');
  expect(receipt.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const widths = await pageWidths(receipt.bytes);
  expect(widths).toHaveLength(2);
  for (const width of widths) expect(width).toBeCloseTo(226.8, 0); // 80 mm
  const text = flat(receipt.text);
  const ticket = /NK-\d{4}-\d{6}/.exec(text)?.[0] ?? '';
  expect(ticket, text).not.toBe('');
  expect(text).toContain(ROUTE);
  expect(text).toContain(`Dorota Dzienna-${run}`);
  expect(text).toContain('POTWIERDZENIE ZAPŁATY');
  expect(text).toContain(`${zloty(TO_PAY)} zł`);
  const printedA4 = await print(page, page.getByRole('button', { name: 'Drukuj – A4' }));
  expect(printedA4.downloads).toEqual([]);
  const a4 = await readPdf(printedA4.bytes, testInfo, 'office-day-a4');
  for (const width of await pageWidths(a4.bytes)) expect(width).toBeCloseTo(595.3, 0);
  expect(flat(a4.text)).toContain(ticket);
  expect(flat(a4.text)).toContain(`${zloty(TO_PAY)} zł`);

  // The passenger comes back for an invoice: ticked on the paid order, issued at once, no e-mail made up.
  await page.getByRole('link', { name: 'Edytuj dane' }).click();
  await expect(page.getByText(/wystawią fakturę od razu/)).toBeVisible();
  await askForInvoice(page, BUYER, 'klient poprosił o fakturę');
  await expectAccessible(page, testInfo, 'office-day-order-edit');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(heading).toBeVisible();
  const invoices = page.getByRole('region', { name: 'Faktury i korekty', exact: true });
  await expect(async () => {
    await page.reload();
    await expect(invoices.getByRole('row')).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const invoiceNumber = (await invoices.getByRole('row').nth(1).getByRole('link').first().textContent()) ?? '';
  expect(invoiceNumber).toMatch(/^[\w-]+\/\d{4}\/\d+$/);
  await expectAccessible(page, testInfo, 'office-day-order-invoiced');
  const invoice = await readDownloadedPdf(await download(page, invoices.getByRole('link', { name: `${invoiceNumber} (PDF)` })), testInfo, 'office-day-invoice');
  expect(invoice.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const invoiceText = flat(invoice.text);
  expect(invoiceText).toContain(invoiceNumber);
  expect(invoiceText).toContain(BUYER.company_name);
  expect(invoiceText).toContain(zloty(TO_PAY));

  // The orders list, filtered to the ticket, to CSV and XLSX: one click each, no page between.
  await page.goto('/admin/order/order');
  await page.getByRole('searchbox', { name: 'Numer biletu' }).fill(ticket);
  await page.getByRole('button', { name: 'Filtruj' }).click();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(orderNumber);
  await expect(rows.nth(1)).toContainText('Opłacone');
  await expect(rows.nth(1)).toContainText(`${zloty(TO_PAY)} zł`);
  await expect(rows.nth(1)).toContainText(invoiceNumber);
  const exports = page.getByRole('group', { name: 'Eksport filtrowanej listy' });
  await expectAccessible(page, testInfo, 'office-day-orders-filtered');

  // The CSV: UTF-8 with a BOM, semicolons, CRLF, Polish headers, the status in words, złoty with a comma.
  const csvFile = await downloaded(page, exports.getByRole('button', { name: 'Pobierz CSV' }));
  expect(csvFile.name).toMatch(/^zamowienia-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(csvFile.path);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines).toHaveLength(4); // header, the order, the totals, the final line end
  const header = (lines[0] ?? '').split(';');
  expect(header.slice(0, 6)).toEqual(['Numer', 'Status', 'Złożone', 'Opłacone', 'Imię', 'Nazwisko']);
  expect(header).toContain('Do zapłaty (zł)');
  const cells = (lines[1] ?? '').split(';');
  const cell = (name: string) => cells[header.indexOf(name)];
  expect(cell('Numer')).toBe(orderNumber);
  expect(cell('Status')).toBe('Opłacone');
  expect(cell('Nazwisko')).toBe(`Dzienna-${run}`);
  expect(cell('Wartość (zł)')).toBe(zloty(PRICE));
  expect(cell('Do zapłaty (zł)')).toBe('23,15');
  // Warsaw local time to the minute, as the list shows it.
  expect(cell('Złożone')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  expect(cell('Odjazd')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  // What a bookkeeper reconciles: how it was paid, what was paid and given back, what is left.
  expect(cell('Sposób płatności')).toBe('Gotówka');
  expect(cell('Wpłacono (zł)')).toBe('23,15');
  expect(cell('Zwrócono (zł)')).toBe('0,00');
  expect(cell('Per saldo (wpłacono − zwrócono) (zł)')).toBe('23,15');
  // The totals row sums the amounts of the orders listed (here the one).
  const totals = (lines[2] ?? '').split(';');
  const total = (name: string) => totals[header.indexOf(name)];
  expect(totals[0]).toBe('Razem');
  expect(total('Do zapłaty (zł)')).toBe('23,15');
  expect(total('Wpłacono (zł)')).toBe('23,15');
  expect(total('Per saldo (wpłacono − zwrócono) (zł)')).toBe('23,15');
  expect(total('Pasażerowie')).toBe('1');

  // The XLSX: the same order, the amount a number and the placing time a date.
  const xlsxFile = await downloaded(page, exports.getByRole('button', { name: 'Pobierz Excel (XLSX)' }));
  expect(xlsxFile.name).toMatch(/^zamowienia-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const sheet = await readSheet(xlsxFile.path);
  const [sheetHeader, sheetRow] = sheet;
  expect(sheetHeader).toEqual(header);
  // The order, then its totals row (amounts as numbers).
  expect(sheet).toHaveLength(3);
  expect(sheet[2]?.[0]).toBe('Razem');
  expect(sheet[2]?.[header.indexOf('Wpłacono (zł)')]).toBe(23.15);
  const value = (name: string) => sheetRow?.[header.indexOf(name)];
  expect(value('Do zapłaty (zł)')).toBe(23.15);
  expect(typeof value('Do zapłaty (zł)')).toBe('number');
  expect(value('Wartość (zł)')).toBe(PRICE / 100);
  expect(value('Status')).toBe('Opłacone');
  // A real date, showing the same Warsaw wall-clock time as the CSV (a sheet's date has no zone: its
  // UTC fields are what it shows). A date cell is a fraction of a day (a float): read back it may be a
  // millisecond short of the minute it holds, so it is compared to the second.
  const placedCell: unknown = value('Złożone');
  if (!(placedCell instanceof Date)) throw new Error(`Złożone is not a date: ${String(placedCell)}`);
  const toSecond = (date: Date) => Math.round(date.getTime() / 1000) * 1000;
  expect(toSecond(placedCell)).toBe(toSecond(new Date(`${(cell('Złożone') ?? '').replace(' ', 'T')}:00Z`)));

  // Back on the home page: the sale counted to the grosz, tomorrow's course with its seat sold.
  await page.getByRole('link', { name: 'Pulpit' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pulpit' })).toBeVisible();
  await expect(async () => {
    await page.reload();
    const after = await todaySums(page);
    expect(Number(after['Zamówienia'])).toBe(Number(before['Zamówienia']) + 1);
    expect(Number(after['Bilety'])).toBe(Number(before['Bilety']) + 1);
    expect(grosz(after['Przychód'] ?? '') - grosz(before['Przychód'] ?? '')).toBe(TO_PAY);
  }).toPass({ timeout: 20_000 });
  const row = courses.getByRole('row').filter({ has: page.locator(`a[href="/admin/course/course/${course.course_id}"]`) });
  await expect(row).toContainText(course.route_name);
  await expect(row.getByRole('cell').nth(1)).toHaveText(/^[1-9]\d* \/ \d+$/);
  await row.getByText(/^najwięcej zajętych: [1-9]/).click();
  await expect(row.getByRole('table')).toBeVisible();
  // Unfolded, the row is tall: the course's name stays at its top, beside the stretches' summary.
  const [rowBox, nameBox] = [await row.boundingBox(), await row.getByRole('link').first().boundingBox()];
  expect((nameBox?.y ?? Infinity) - (rowBox?.y ?? 0)).toBeLessThan(24);
  await expect(page.getByRole('img', { name: 'Przychód i zwroty dziennie (zł)' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Według tras' }).getByRole('link', { name: 'Pobierz CSV' })).toBeVisible();

  await dismissNotices(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('admin-home-1280.png'), fullPage: true });
  await expectAccessible(page, testInfo, 'admin-home');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('admin-home-390.png'), fullPage: true });
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect(overflow, 'nothing scrolls the page sideways at 390 px').toBeLessThanOrEqual(0);
  await expectAccessible(page, testInfo, 'admin-home-390');

  await page.goto('/en/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Courses today and tomorrow' })).toBeVisible();
  await expectAccessible(page, testInfo, 'admin-home-en');
});
