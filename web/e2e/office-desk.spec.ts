// The office's desk for a walk-in passenger (issue 29), against the real backend: an admin sells a
// ticket at the desk without an e-mail or a phone for a course leaving within the hour, presses
// "Drukuj" and reads back the PDF handed to the printer's dialog, not downloaded (the 80 mm receipt roll:
// its width, the route and the price; then A4); then the driver opens that course on /driver and checks the ticket by the code printed on it.
import { expect, test } from '@playwright/test';

import { apiStopId, courseSoon } from './booking-support';
import { flat } from './downloads';
import { pageWidths, readPdf } from './pdf';
import { print } from './printing';
import { ADMIN, expectAccessible, logIn } from './support';

const DRIVER = { email: 'driver@example.com', password: 'demo1234' };
const ROUTE = 'Tarnów – Kraków';
/** The ticket's printed code: 12 characters of the codes' alphabet. */
const PRINTED_CODE = /\b([A-HJ-NP-Z2-9]{12})\s+Kod biletu/;

const warsawDayOf = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(instant);
const warsawTimeOf = (instant: Date) =>
  new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', hour: '2-digit', minute: '2-digit' }).format(instant);

test('a walk-in passenger without an e-mail gets a printed ticket the driver checks by its code', async ({ page, browser, request }, testInfo) => {
  test.setTimeout(150_000);
  const departure = await courseSoon(request, ROUTE, 45);
  const [from, to] = [await apiStopId(request, 'Tarnów'), await apiStopId(request, 'Kraków')];

  // The sale at the desk: the trip, the passenger's name only, cash.
  await logIn(page, ADMIN);
  await page.goto('/admin/order/order');
  await page.getByRole('link', { name: 'Nowa sprzedaż w biurze' }).click();
  // The list has a "Trasa" filter of its own: wait for the sale's page before choosing.
  await expect(page.getByRole('heading', { level: 1, name: 'Nowa sprzedaż w biurze' })).toBeVisible();
  await page.getByLabel('Trasa').selectOption({ label: ROUTE });
  await page.getByLabel('Skąd').selectOption({ value: String(from) });
  await page.getByLabel('Dokąd').selectOption({ value: String(to) });
  await page.getByLabel('Dzień', { exact: true }).fill(warsawDayOf(departure));
  await page.getByRole('group', { name: 'Kurs tam' }).getByRole('radio', { name: new RegExp(`^${warsawTimeOf(departure)}`) }).check();
  await page.getByLabel('Pasażerowie (wiersz 1)').fill('1');
  const total = page.getByRole('status').filter({ hasText: 'Do zapłaty:' });
  await expect(total).toContainText(/\d+,\d\d\szł/);
  const price = /(\d+,\d\d)\szł/.exec((await total.textContent()) ?? '')?.[1] ?? '';
  await page.getByRole('textbox', { name: 'Imię (wymagane)' }).fill('Walenty');
  await page.getByRole('textbox', { name: 'Nazwisko (wymagane)' }).fill('Przechodni');
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Telefon', exact: true })).toHaveValue('');
  await page.getByLabel('Klient akceptuje regulamin').check();
  await page.getByLabel(/Klient zgadza się na przetwarzanie danych/).check();
  await page.getByRole('combobox', { name: 'Sposób płatności (wymagane)' }).selectOption({ label: 'Gotówka' });
  await expectAccessible(page, testInfo, 'office-desk-sale');
  await page.getByRole('button', { name: 'Sprzedaj' }).click();

  // Paid, nothing to send it to: the e-mail button is off, the payment is in words.
  await expect(page.getByRole('heading', { level: 1, name: /^Zamówienie NB-\d{4}-\d+$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Wyślij bilety e-mailem' })).toBeDisabled();
  const payments = page.getByRole('region', { name: 'Płatność i zwroty', exact: true });
  await expect(payments).toContainText('Gotówka w kasie');
  await expect(payments).toContainText('Wpłata gotówką przyjęta w kasie');
  await expect(payments).not.toContainText(/cash-[0-9a-f]{8}/);
  await expectAccessible(page, testInfo, 'office-desk-order');
  await page.screenshot({ path: testInfo.outputPath('office-desk-order.png'), fullPage: true });

  // "Drukuj" on the receipt printer: 80 mm wide, the ticket and the confirmation of payment.
  const printedReceipt = await print(page, page.getByRole('button', { name: 'Drukuj – paragon 80 mm' }));
  expect(printedReceipt.downloads).toEqual([]);
  const receipt = await readPdf(printedReceipt.bytes, testInfo, 'receipt-80mm');
  expect(receipt.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const widths = await pageWidths(receipt.bytes);
  expect(widths).toHaveLength(2);
  for (const width of widths) expect(width).toBeCloseTo(226.8, 0);
  const text = flat(receipt.text);
  expect(text).toContain(ROUTE);
  expect(text).toContain(`${price} zł`);
  expect(text).toContain('POTWIERDZENIE ZAPŁATY');
  expect(text).toContain('Walenty Przechodni');
  const code = PRINTED_CODE.exec(text)?.[1];
  expect(code, text).toBeDefined();
  const number = /NK-\d{4}-\d{6}/.exec(text)?.[0] ?? '';

  // And on A4.
  const printedA4 = await print(page, page.getByRole('button', { name: 'Drukuj – A4' }));
  expect(printedA4.downloads).toEqual([]);
  const a4 = await readPdf(printedA4.bytes, testInfo, 'receipt-a4');
  for (const width of await pageWidths(a4.bytes)) expect(width).toBeCloseTo(595.3, 0);
  expect(flat(a4.text)).toContain(`${price} zł`);

  // The driver, on a phone, types the code printed on the ticket.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pl-PL', timezoneId: 'Europe/Warsaw' });
  const driver = await phone.newPage();
  await driver.goto('/login?redirect=%2Fdriver');
  await driver.getByRole('textbox', { name: 'E-mail' }).fill(DRIVER.email);
  await driver.getByLabel('Hasło').fill(DRIVER.password);
  await driver.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(driver.getByRole('heading', { level: 1, name: 'Kontrola biletów' })).toBeVisible();
  await driver.getByLabel('Dzień').fill(warsawDayOf(departure));
  await driver.getByRole('radio', { name: new RegExp(`^${warsawTimeOf(departure)} · ${ROUTE}`) }).check();
  await driver.getByRole('button', { name: 'Wczytaj listę pasażerów' }).click();
  await expect(driver.getByRole('heading', { name: 'Pasażerowie według przystanków' })).toBeVisible();
  await driver.getByLabel('Kod z biletu: wydrukowany pod kodem QR, zeskanowany lub wklejony').fill(code ?? '');
  await driver.getByRole('button', { name: 'Sprawdź kod' }).click();
  await expect(driver.getByText(`Wsiada: ${number}`)).toBeVisible();
  await expect(driver.getByText(/Wszystkie odprawy są na serwerze\./)).toBeVisible({ timeout: 20_000 });
  await driver.screenshot({ path: testInfo.outputPath('office-desk-driver-390.png'), fullPage: true });
  await phone.close();
});
