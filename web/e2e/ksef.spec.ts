// Invoices that reach KSeF, against the real backend and its KSeF stand-in (KSEF_ENV=sandbox): a
// company buys a ticket with an invoice and pays; the invoice is sent to KSeF by the command side's
// sender; the admin finds it accepted, with its KSeF number, in the invoice list and on its page;
// the invoice's PDF carries the QR code KOD I, read from the page's picture as a phone would, whose
// link names the seller's NIP, the issue date and the SHA-256 of the very FA(3) XML the admin
// downloads from the same page.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

import { expect, test, type Download, type Locator, type Page } from '@playwright/test';

import { apiPlaceAndPay, apiSearch, apiStopId, warsawDay } from './booking-support';
import { qrCodesOnFirstPage, readDownloadedPdf } from './pdf';
import { ADMIN, expectAccessible, logIn } from './support';

const run = Date.now().toString(36).slice(-6);
const BUYER = {
  vat_number: '526-025-02-74',
  company_name: `Biuro KSeF ${run} Sp. z o.o.`,
  address: 'ul. Grunwaldzka 7',
  postal_code: '35-068',
  city: 'Rzeszów',
};
const KSEF_NUMBER = /^\d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/;

async function download(page: Page, link: Locator): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return file;
}

test('a company’s invoice is accepted by KSeF, and its PDF’s KOD I verifies the XML served', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const [from, to] = [await apiStopId(request, 'Rzeszów'), await apiStopId(request, 'Nisko')];
  const [course] = await apiSearch(request, from, to, warsawDay(5));
  if (!course) throw new Error('no course Rzeszów → Nisko in five days');
  await apiPlaceAndPay(request, {
    course, from, to, passengers: 1, invoice: BUYER,
    customer: { first_name: 'Olga', last_name: `Firma-${run}`, email: `faktury.${run}@ksef-e2e.pl` },
  });

  // The admin's invoice list, filtered by the buyer: the invoice is accepted by KSeF with its number
  // (the sender runs on its own; the list is reloaded until it shows that).
  await logIn(page, ADMIN);
  await page.goto(`/admin/order/invoice?filter%5Bbuyer_name%5D%5Blike%5D=${encodeURIComponent(BUYER.company_name)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Faktury' })).toBeVisible();
  const row = page.getByRole('table').getByRole('row').filter({ hasText: BUYER.company_name });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('Przyjęta', { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  const ksefNumber = (await row.getByText(KSEF_NUMBER).textContent())?.trim() ?? '';
  expect(ksefNumber).toMatch(KSEF_NUMBER);
  await expectAccessible(page, testInfo, 'invoices-ksef');
  await page.screenshot({ path: testInfo.outputPath('invoices-ksef.png'), fullPage: true });

  // Its page: the KSeF section names the number; the PDF and the FA(3) XML are there to download.
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Faktura / })).toBeVisible();
  const number = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace('Faktura ', '');
  const ksef = page.getByRole('region', { name: 'KSeF', exact: true });
  await expect(ksef).toContainText('Przyjęta');
  await expect(ksef).toContainText(ksefNumber);
  await page.screenshot({ path: testInfo.outputPath('invoice-ksef.png'), fullPage: true });

  const pdf = await readDownloadedPdf(await download(page, page.getByRole('link', { name: `${number} (PDF)` })), testInfo, 'invoice');
  expect(pdf.text.replace(/\s+/g, '')).toContain(ksefNumber);
  const xmlPath = testInfo.outputPath('invoice.xml');
  await (await download(page, page.getByRole('link', { name: `FA(3) ${number}` }))).saveAs(xmlPath);
  const xml = await readFile(xmlPath);
  expect(xml.subarray(0, 5).toString('latin1')).toBe('<?xml');

  // KOD I, read from the PDF's picture: the verification page of this seller, day and XML.
  const codes = await qrCodesOnFirstPage(pdf.bytes);
  const link = codes.find((code) => code.includes('/invoice/'));
  expect(link, `KOD I among ${JSON.stringify(codes)}`).toBeDefined();
  const match = /^https:\/\/qr-test\.ksef\.mf\.gov\.pl\/invoice\/(\d{10})\/(\d{2})-(\d{2})-(\d{4})\/([\w-]{43})$/.exec(link ?? '');
  expect(match, link).not.toBeNull();
  const [, nip = '', dd, mm, yyyy, hash] = match ?? [];
  expect(ksefNumber.startsWith(`${nip}-`)).toBe(true);
  expect(xml.toString('utf8')).toContain(`<P_1>${yyyy}-${mm}-${dd}</P_1>`);
  expect(hash).toBe(createHash('sha256').update(xml).digest('base64url'));
});
