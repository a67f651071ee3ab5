// Issue 29, defect 4: the order list exported to CSV and XLSX opens in a Polish spreadsheet. An order
// is placed and paid; the admin filters the list to it and clicks "Pobierz CSV" and "Pobierz Excel
// (XLSX)" (one click each, no page in between); both files are read back: the CSV has a BOM,
// semicolons, Polish headers and statuses, the amount as "23,15" and Warsaw time; the XLSX has the
// amount as the number 23.15 (with a złoty format) and the placing time as a date.
import { readFile } from 'node:fs/promises';

import { expect, test, type Locator, type Page } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';

import { apiPlaceAndPay, apiSearch, apiStopId, apiTicketNumbers, warsawDay } from './booking-support';
import { ADMIN, expectAccessible, logIn } from './support';

const run = Date.now().toString(36).slice(-6);

async function downloaded(page: Page, button: Locator): Promise<{ name: string; path: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), path: await file.path() };
}

/** Grosze as a Polish spreadsheet writes złoty: 2315 → "23,15". */
const zloty = (grosz: number) => `${Math.trunc(grosz / 100)},${String(grosz % 100).padStart(2, '0')}`;

test('the order list goes to CSV and XLSX that a Polish spreadsheet opens', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const email = `eksport.${run}@biuro-e2e.pl`;
  const [from, to] = [await apiStopId(request, 'Rzeszów'), await apiStopId(request, 'Nisko')];
  const [course] = await apiSearch(request, from, to, warsawDay(5));
  if (!course) throw new Error('no course Rzeszów → Nisko in five days');
  const placed = await apiPlaceAndPay(request, { course, from, to, passengers: 1, customer: { first_name: 'Ewa', last_name: `Eksport-${run}`, email } });
  // Paid and in the read models (its ticket shows) before the list is read.
  await apiTicketNumbers(request, placed.hash_id, 1);

  await logIn(page, ADMIN);
  await page.goto(`/admin/order/order?filter[email][like]=${encodeURIComponent(email)}`);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Opłacone');
  await expect(rows.nth(1)).toContainText(`${zloty(course.price)} zł`);
  const exports = page.getByRole('group', { name: 'Eksport filtrowanej listy' });
  await expectAccessible(page, testInfo, 'orders-export-buttons');

  // The CSV: UTF-8 with a BOM, semicolons, CRLF, Polish headers, the status in words, złoty with a comma.
  const csvFile = await downloaded(page, exports.getByRole('button', { name: 'Pobierz CSV' }));
  expect(csvFile.name).toMatch(/^zamowienia-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(csvFile.path);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines).toHaveLength(3); // header, the order, the final line end
  const header = (lines[0] ?? '').split(';');
  expect(header.slice(0, 6)).toEqual(['Numer', 'Status', 'Złożone', 'Opłacone', 'Imię', 'Nazwisko']);
  expect(header).toContain('Do zapłaty (zł)');
  const cells = (lines[1] ?? '').split(';');
  const cell = (name: string) => cells[header.indexOf(name)];
  expect(cell('Status')).toBe('Opłacone');
  expect(cell('Nazwisko')).toBe(`Eksport-${run}`);
  expect(cell('Do zapłaty (zł)')).toBe(zloty(course.price));
  expect(cell('Wartość (zł)')).toBe(zloty(course.price));
  // Warsaw local time to the minute, as the list shows it.
  expect(cell('Złożone')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  expect(cell('Odjazd')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

  // The XLSX: the same order, the amount a number and the placing time a date.
  const xlsxFile = await downloaded(page, exports.getByRole('button', { name: 'Pobierz Excel (XLSX)' }));
  expect(xlsxFile.name).toMatch(/^zamowienia-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const [sheetHeader, sheetRow] = await readSheet(xlsxFile.path);
  expect(sheetHeader).toEqual(header);
  const value = (name: string) => sheetRow?.[header.indexOf(name)];
  expect(value('Do zapłaty (zł)')).toBe(course.price / 100);
  expect(typeof value('Do zapłaty (zł)')).toBe('number');
  expect(value('Status')).toBe('Opłacone');
  // A real date, showing the same Warsaw wall-clock time as the CSV (a sheet's date has no zone:
  // its UTC fields are what it shows).
  // A date cell is a fraction of a day (a float): read back it may be a millisecond short of the
  // minute it holds, so it is compared to the second.
  const placedCell: unknown = value('Złożone');
  if (!(placedCell instanceof Date)) throw new Error(`Złożone is not a date: ${String(placedCell)}`);
  const toSecond = (date: Date) => Math.round(date.getTime() / 1000) * 1000;
  expect(toSecond(placedCell)).toBe(toSecond(new Date(`${(cell('Złożone') ?? '').replace(' ', 'T')}:00Z`)));
});
