// An invoice asked for after payment (issue 29, defect 1), against the real backend: a guest's order is
// paid without an invoice; the admin ticks "Klient chce fakturę" on its edit, the invoice appears on the
// order at once and its PDF downloads and reads; another guest asks for one from the order's page with
// the ticket's number and code (the page shows them), and its link appears there. Run on a freshly
// seeded database.
import { expect, test, type Page } from '@playwright/test';

import { apiPlaceAndPay, apiSearch, apiStopId, apiTicketNumbers, warsawDay } from './booking-support';
import { readDownloadedPdf } from './pdf';
import { ADMIN, askForInvoice, logIn } from './support';

const run = Date.now().toString(36).slice(-6);
const BUYER = {
  vat_number: '526-025-02-74',
  company_name: `Biuro Podróży ${run} Sp. z o.o.`,
  address: 'ul. Długa 1',
  postal_code: '37-400',
  city: 'Nisko',
};

/** A paid guest order Rzeszów → Nisko without an invoice, `days` days ahead. */
async function paidWithoutInvoice(page: Page, email: string, days: number) {
  const request = page.request;
  const [from, to] = [await apiStopId(request, 'Rzeszów'), await apiStopId(request, 'Nisko')];
  const [course] = await apiSearch(request, from, to, warsawDay(days));
  if (!course) throw new Error(`no course Rzeszów → Nisko in ${days} days`);
  const placed = await apiPlaceAndPay(request, { course, from, to, passengers: 1, customer: { first_name: 'Ewa', last_name: `Faktura-${run}`, email } });
  await apiTicketNumbers(request, placed.hash_id, 1);
  return placed;
}

test('the admin ticks the invoice on a paid order: it is issued at once and its PDF downloads', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const placed = await paidWithoutInvoice(page, `faktura.admin.${run}@example.com`, 5);

  await logIn(page, ADMIN);
  await page.goto(`/admin/order/order/edit/${placed.order_id}`);
  await expect(page.getByText(/wystawią fakturę od razu/)).toBeVisible();
  await askForInvoice(page, BUYER, 'klient poprosił o fakturę');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();

  // Back on the order: the invoice is there, numbered, and its PDF names the buyer.
  await expect(page.getByRole('heading', { level: 1, name: /^Zamówienie NB-\d{4}-\d+$/ })).toBeVisible();
  const invoices = page.getByRole('region', { name: 'Faktury i korekty', exact: true });
  await expect(async () => {
    await page.reload();
    await expect(invoices.getByRole('row')).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const number = (await invoices.getByRole('row').nth(1).getByRole('link').first().textContent()) ?? '';
  expect(number).toMatch(/^[\w-]+\/\d{4}\/\d+$/);
  const [file] = await Promise.all([page.waitForEvent('download'), invoices.getByRole('link', { name: `${number} (PDF)` }).click()]);
  const pdf = await readDownloadedPdf(file, testInfo, 'invoice-on-request');
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.text.replace(/\s+/g, ' ')).toContain(number);
});

test("a guest asks for an invoice from the order's page with the ticket's number and code", async ({ page }) => {
  test.setTimeout(120_000);
  const placed = await paidWithoutInvoice(page, `faktura.gosc.${run}@example.com`, 6);

  await page.goto(`/order/success/${placed.hash_id}`);
  await page.getByRole('button', { name: 'Poproś o fakturę' }).click();
  await page.getByLabel('Nazwa firmy').fill(BUYER.company_name);
  await page.getByLabel('NIP').fill(BUYER.vat_number);
  await page.getByLabel('Ulica i numer').fill(BUYER.address);
  await page.getByLabel('Kod pocztowy').fill(BUYER.postal_code);
  await page.getByLabel('Miejscowość').fill(BUYER.city);
  const answer = page.waitForResponse((response) => response.url().includes('/api/order/order/request-invoice'));
  await page.getByRole('button', { name: 'Wystaw fakturę' }).click();
  const { data } = (await (await answer).json()) as { data: { number: string } };
  const number = data.number;
  expect(number).toMatch(/^[\w-]+\/\d{4}\/\d+$/);
  // The page says so; it may already have moved on to the order with its invoice (the link below).
  await expect(page.getByText(`Wystawiliśmy fakturę ${number}`).or(page.getByRole('link', { name: `Faktura ${number} (PDF)` }))).toBeVisible();
  // The order's page links it once the read model has it.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('link', { name: `Faktura ${number} (PDF)` })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
});
