// The admin's side of an order, against the real backend: a company's order with an invoice is paid;
// the admin finds it by its e-mail, reads its history (placement, seat holds, payment, the invoice),
// returns one ticket on the customer's behalf, sees the refund and the correction invoice appear,
// downloads both PDFs and reads them, and looks the documents up in the VAT register as of yesterday
// (neither is there) and as of today (both are). Run on a freshly seeded database.
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';

import { apiPlaceAndPay, apiSearch, apiStopId, apiTicketNumbers, warsawDay } from './booking-support';
import { readDownloadedPdf, type ReadPdf } from './pdf';
import { ADMIN, expectAccessible, logIn } from './support';

const run = Date.now().toString(36).slice(-6);
const BUYER = {
  vat_number: '526-025-02-74',
  company_name: `Pracownia Podróży ${run} Sp. z o.o.`,
  address: 'ul. Ćwiartki 3/5',
  postal_code: '35-001',
  city: 'Rzeszów',
};

/** Whitespace as one space, so a phrase matches however the PDF split it into runs. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

async function download(page: Page, link: Locator): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return file;
}

function expectInPdf(pdf: ReadPdf, phrases: string[]): void {
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = flat(pdf.text);
  for (const phrase of phrases) expect(text, `"${phrase}" in the PDF`).toContain(phrase);
}

test('an admin audits an invoiced order, returns a ticket for the customer and reads both invoices', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const email = `biuro.${run}@pracownia-e2e.pl`;

  // A company orders two tickets Rzeszów → Nisko with an invoice and pays in the sandbox.
  const [from, to] = [await apiStopId(request, 'Rzeszów'), await apiStopId(request, 'Nisko')];
  const [course] = await apiSearch(request, from, to, warsawDay(4));
  if (!course) throw new Error('no course Rzeszów → Nisko in four days');
  const placed = await apiPlaceAndPay(request, {
    course, from, to, passengers: 2, invoice: BUYER,
    customer: { first_name: 'Ewa', last_name: `Nowak-${run}`, email },
  });
  const [first = '', second = ''] = await apiTicketNumbers(request, placed.hash_id, 2);

  // The admin finds it by its e-mail.
  await logIn(page, ADMIN);
  await page.goto('/admin/order/order');
  await expect(page.getByRole('heading', { level: 1, name: 'Zamówienia' })).toBeVisible();
  const filters = page.getByRole('form', { name: 'Filtry' });
  await filters.getByLabel('E-mail').fill(email);
  await filters.getByRole('button', { name: 'Filtruj' }).click();
  await expect(page).toHaveURL(/filter%5Bemail%5D%5Blike%5D=|filter\[email\]\[like\]=/);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2); // the header and the order
  await expect(rows.nth(1)).toContainText(email);
  await expect(rows.nth(1)).toContainText('Opłacone');
  await expectAccessible(page, testInfo, 'orders-found');
  await page.screenshot({ path: testInfo.outputPath('orders-found.png'), fullPage: true });
  await rows.nth(1).getByRole('link').first().click();

  // Its page: the customer, both tickets, the payment, the invoice, and the history.
  await expect(page.getByRole('heading', { level: 1, name: /^Zamówienie NB-\d{4}-\d+$/ })).toBeVisible();
  const orderNumber = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace('Zamówienie ', '');
  await expect(page.getByRole('region', { name: 'Klient', exact: true })).toContainText(email);
  await expect(page.getByRole('region', { name: 'Dane do faktury', exact: true })).toContainText(BUYER.company_name);
  const tickets = page.getByRole('region', { name: 'Bilety', exact: true });
  for (const number of [first, second]) await expect(tickets).toContainText(number);
  const invoices = page.getByRole('region', { name: 'Faktury i korekty', exact: true });
  await expect(invoices.getByRole('row')).toHaveCount(2);
  const invoiceNumber = (await invoices.getByRole('row').nth(1).getByRole('link').first().textContent()) ?? '';
  expect(invoiceNumber).toMatch(/^[\w-]+\/\d{4}\/\d+$/);
  await expect(invoices.getByRole('row').nth(1)).toContainText('VAT');

  const history = page.getByRole('region', { name: 'Historia zamówienia', exact: true });
  await expect(history).toContainText(`Złożono zamówienie ${orderNumber}: Rzeszów`);
  await expect(history).toContainText('pasażerów: 2');
  await expect(history).toContainText('Zarezerwowano miejsca: 2');
  await expect(history).toContainText(/Zapłacono \d+,\d\d\szł \(transakcja [^)]+\); wydano bilety: 2/);
  await expect(history).toContainText('Rezerwację miejsc potwierdzono (sprzedane)');
  await expect(history).toContainText(`Wystawiono fakturę ${invoiceNumber}`);
  // Who: the guest placed it; the raw event is one click away.
  const placedEntry = history.getByRole('listitem').filter({ hasText: 'Złożono zamówienie' });
  await expect(placedEntry).toContainText('Gość');
  await placedEntry.getByText('Szczegóły techniczne (dla obsługi systemu)').click();
  await expect(placedEntry.locator('pre')).toContainText(`"email": "${email}"`);
  await expectAccessible(page, testInfo, 'order-page');
  await page.screenshot({ path: testInfo.outputPath('order-page.png'), fullPage: true });

  // The admin returns the first ticket for the customer: no code asked for.
  await tickets.getByRole('button', { name: `Zwróć w imieniu klienta: bilet ${first}` }).click();
  await expect(page.getByRole('heading', { name: `Zwrócić bilet ${first}?` })).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Zwróć w imieniu klienta' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Bilet ${first} zwrócony.` })).toContainText('zwrot na konto:');

  // The refund goes to the gateway, the correction invoice appears, the history says who did it.
  const payments = page.getByRole('region', { name: 'Płatność i zwroty', exact: true });
  await expect(async () => {
    await page.reload();
    await expect(payments.getByRole('row')).toHaveCount(2, { timeout: 1_000 });
    await expect(invoices.getByRole('row')).toHaveCount(3, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(payments.getByRole('row').nth(1)).toContainText(/Wysłany|W trakcie/);
  const correctionRow = invoices.getByRole('row').filter({ hasText: 'KOR' });
  const correctionNumber = (await correctionRow.getByRole('link').first().textContent()) ?? '';
  expect(correctionNumber).not.toBe(invoiceNumber);
  await expect(tickets.getByRole('row').filter({ hasText: first })).toContainText('Zwrócony');
  await expect(tickets.getByRole('row').filter({ hasText: second })).toContainText('Ważny');
  const returnEntry = history.getByRole('listitem').filter({ hasText: `Zwrócono bilet ${first}` });
  await expect(returnEntry).toContainText(ADMIN.email);
  await expect(history).toContainText('Zwolniono miejsca: 1 (zwrot biletu)');
  await expect(history).toContainText(`Wystawiono korektę ${correctionNumber} faktury ${invoiceNumber}`);
  await page.screenshot({ path: testInfo.outputPath('order-returned.png'), fullPage: true });

  // Both PDFs, read as a reader would.
  const invoicePdf = await readDownloadedPdf(
    await download(page, invoices.getByRole('link', { name: `${invoiceNumber} (PDF)` })),
    testInfo,
    'invoice',
  );
  expectInPdf(invoicePdf, [`Faktura VAT nr ${invoiceNumber}`, 'Sprzedawca', 'Nabywca', BUYER.company_name, 'NIP: 5260250274', '8%', 'Razem zapłacono: 32,00 zł']);
  const correctionPdf = await readDownloadedPdf(
    await download(page, invoices.getByRole('link', { name: `${correctionNumber} (PDF)` })),
    testInfo,
    'correction',
  );
  expectInPdf(correctionPdf, [`Faktura korygująca nr ${correctionNumber}`, invoiceNumber, BUYER.company_name, 'Przed korektą', 'Po korekcie']);

  // The register: as of yesterday neither document was issued; as of today both are there.
  const today = warsawDay(0);
  await page.goto(`/admin/order/invoice/register?as_of=${warsawDay(-1)}&from=${today}&to=${today}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rejestr faktur' })).toBeVisible();
  await expect(page.getByText('W tym okresie nie wystawiono faktur.')).toBeVisible();
  await page.getByLabel('Według stanu na').fill(today);
  await page.getByRole('button', { name: 'Pokaż rejestr' }).click();
  const register = page.getByRole('table', { name: `Rejestr faktur od ${today} do ${today}` });
  await expect(register.getByRole('row').filter({ hasText: invoiceNumber }).first()).toContainText(BUYER.company_name);
  await expect(register.getByRole('row').filter({ hasText: correctionNumber })).toContainText(invoiceNumber);
  await expectAccessible(page, testInfo, 'register');
  await page.screenshot({ path: testInfo.outputPath('register.png'), fullPage: true });
});

test('a sale at the office takes its seats like an online order and is paid at once', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const day = warsawDay(6);
  const [from, to] = [await apiStopId(request, 'Kraków'), await apiStopId(request, 'Zakopane')];
  const seatsOf = async (courseId: string) =>
    (await apiSearch(request, from, to, day)).find((course) => course.course_id === courseId)?.seats_available;
  const [course] = await apiSearch(request, from, to, day);
  if (!course) throw new Error('no course Kraków → Zakopane in six days');
  const before = course.seats_available;

  await logIn(page, ADMIN);
  await page.goto('/admin/order/order');
  await page.getByRole('link', { name: 'Nowa sprzedaż w biurze' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nowa sprzedaż w biurze' })).toBeVisible();

  // The trip: the route, its stops and the day, then one of the day's courses.
  await page.getByLabel('Trasa').selectOption({ label: course.route_name });
  await page.getByLabel('Skąd').selectOption({ value: String(from) });
  await page.getByLabel('Dokąd').selectOption({ value: String(to) });
  await page.getByLabel('Dzień', { exact: true }).fill(day);
  const outbound = page.getByRole('group', { name: 'Kurs tam' });
  await outbound.getByRole('radio').first().check();
  await page.getByLabel('Pasażerowie (wiersz 1)').fill('2');
  await expect(page.getByRole('status').filter({ hasText: 'Do zapłaty:' })).toContainText(/\d+,\d\d\szł/);

  // The customer at the counter, paying cash.
  await page.getByRole('textbox', { name: 'Imię (wymagane)' }).fill('Stanisław');
  await page.getByRole('textbox', { name: 'Nazwisko (wymagane)' }).fill(`Okienko-${run}`);
  // At the desk the e-mail and the phone are optional (issue 29); this customer gives both.
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`kasa.${run}@example.com`);
  await page.getByRole('textbox', { name: 'Telefon', exact: true }).fill('+48 601 200 300');
  await page.getByLabel('Klient akceptuje regulamin').check();
  await page.getByLabel(/Klient zgadza się na przetwarzanie danych/).check();
  await page.getByRole('combobox', { name: 'Sposób płatności (wymagane)' }).selectOption({ label: 'Gotówka' });
  await expectAccessible(page, testInfo, 'office-sale');
  await page.screenshot({ path: testInfo.outputPath('office-sale.png'), fullPage: true });
  await page.getByRole('button', { name: 'Sprzedaj' }).click();

  // Paid at once, in cash, with its two tickets; its seats are taken from the same course.
  await expect(page.getByRole('heading', { level: 1, name: /^Zamówienie NB-\d{4}-\d+$/ })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Zamówienie', exact: true });
  await expect(summary).toContainText('Opłacone');
  await expect(page.getByRole('region', { name: 'Płatność i zwroty', exact: true })).toContainText('Gotówka');
  await expect(page.getByRole('region', { name: 'Bilety', exact: true }).getByRole('row')).toHaveCount(3);
  const history = page.getByRole('region', { name: 'Historia zamówienia', exact: true });
  await expect(history.getByRole('listitem').filter({ hasText: 'Złożono zamówienie' })).toContainText(ADMIN.email);
  await expect.poll(() => seatsOf(course.course_id), { timeout: 10_000 }).toBe(before - 2);
  await page.screenshot({ path: testInfo.outputPath('office-sale-done.png'), fullPage: true });

  // The customer gives another phone number: a change with its reason, kept in the history.
  await page.getByRole('link', { name: 'Edytuj dane' }).click();
  // A desk sale's contact is optional on its edit, as at its sale (issue 29).
  const phone = page.getByRole('textbox', { name: 'Telefon', exact: true });
  await expect(phone).toHaveValue('+48 601 200 300');
  await phone.fill('+48 601 200 399');
  await page.getByRole('textbox', { name: /^Powód zmiany/ }).fill('klient podał nowy numer');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Zamówienie NB-\d{4}-\d+$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Klient', exact: true })).toContainText('+48 601 200 399');
  const changed = history.getByRole('listitem').filter({ hasText: 'Zmieniono dane klienta' });
  await expect(changed).toContainText('(klient podał nowy numer)');
  await expect(changed).toContainText(ADMIN.email);

  // The customer gives a ticket back at the counter: the cash was taken here, so it is paid back
  // here, never sent to the payment gateway.
  await page.getByRole('region', { name: 'Bilety', exact: true }).getByRole('button', { name: /^Zwróć w imieniu klienta: bilet / }).first().click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Zwróć w imieniu klienta' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'zwrócony.' })).toContainText('do wypłaty w kasie:');
  const payments = page.getByRole('region', { name: 'Płatność i zwroty', exact: true });
  await expect(async () => {
    await page.reload();
    await expect(payments.getByRole('row')).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(payments.getByRole('row').nth(1)).toContainText('Do wypłaty w kasie');
  await expect(payments).not.toContainText('Zwrócono na konto');
  await expect(history.getByRole('listitem').filter({ hasText: 'Do wypłaty w kasie:' })).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('office-sale-returned.png'), fullPage: true });
});
