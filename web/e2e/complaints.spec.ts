// A complaint, against the real backend: a guest who travelled files one at /reklamacje with a picture
// and gets its number; the admin finds it in the panel, nearest deadline first, downloads the picture,
// accepts it and writes the answer; the guest receives the answer by e-mail (the development mailer's
// `.eml` file, read from the server's mail directory: E2E_MAIL_DIR, by default the server's
// `.data/mail` beside the repository's root). Run on a freshly seeded database.
import { readFile } from 'node:fs/promises';

import { expect, test } from '@playwright/test';

import { apiPlaceAndPay, apiSearch, apiStopId, apiTicketNumbers, warsawDay } from './booking-support';
import { mailsTo } from './mail';
import { ADMIN, logIn } from './support';

const run = Date.now().toString(36).slice(-6);

/** A small PNG picture: its signature and header, which is what the server tells a picture by. */
const PICTURE = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

test('a guest files a complaint with a picture, the admin answers it and the guest receives the answer', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = `reklamacja.${run}@example.com`;
  const [from, to] = [await apiStopId(request, 'Rzeszów'), await apiStopId(request, 'Nisko')];
  const [course] = await apiSearch(request, from, to, warsawDay(3));
  if (!course) throw new Error('no course Rzeszów → Nisko in three days');
  const placed = await apiPlaceAndPay(request, {
    course, from, to, passengers: 1, customer: { first_name: 'Ola', last_name: `Skarga-${run}`, email },
  });
  const [ticket = ''] = await apiTicketNumbers(request, placed.hash_id, 1);

  // The guest's complaint, with a picture.
  await page.goto('/reklamacje');
  await expect(page.getByRole('heading', { level: 1, name: 'Reklamacja' })).toBeVisible();
  await page.getByLabel('Numer zamówienia lub biletu').fill(ticket);
  await page.getByLabel('Adres e-mail z zamówienia').fill(email);
  await page.getByLabel('Co się stało?').fill(`Autobus spóźnił się o godzinę (${run}).`);
  await page.getByLabel('Załączniki (nieobowiązkowe)').setInputFiles({ name: 'autobus.png', mimeType: 'image/png', buffer: PICTURE });
  await page.getByRole('button', { name: 'Wyślij reklamację' }).click();
  const filed = page.getByRole('status').filter({ hasText: 'Otrzymaliśmy reklamację' });
  await expect(filed).toBeVisible();
  const number = /RK-\d{4}-\d{6}/.exec((await filed.textContent()) ?? '')?.[0] ?? '';
  expect(number).not.toBe('');
  await expect.poll(async () => (await mailsTo(email, 0)).some((text) => text.includes(number)), { timeout: 30_000 }).toBe(true);

  // The admin finds it, sees the picture, accepts it and answers.
  await logIn(page, ADMIN);
  await page.goto('/admin/complaint/complaint');
  await expect(page.getByRole('heading', { level: 1, name: 'Reklamacje' })).toBeVisible();
  await page.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { level: 1, name: number })).toBeVisible();
  await expect(page.getByText(`Autobus spóźnił się o godzinę (${run}).`)).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'autobus.png' }).click()]);
  expect(await readFile(await download.path())).toEqual(PICTURE);
  // Received, not yet decided; the deadlines as days (dd.mm.yyyy), never ISO.
  await expect(page.getByText('otrzymana', { exact: true })).toBeVisible();
  await expect(page.getByText(/^\d{2}\.\d{2}\.\d{4} \d+$/).first()).toBeVisible();
  // Accepting is asked first: the customer is e-mailed at once and the decision is final.
  await page.getByRole('button', { name: 'Uwzględnij' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Uwzględnić reklamację?' });
  await ask.getByRole('button', { name: 'Uwzględnij' }).click();
  await expect(page.getByText('uwzględniona')).toBeVisible();
  const answer = `We refund 20 PLN for the delay, reference ${run}.`;
  await page.getByLabel('Odpowiedź', { exact: true }).fill(answer);
  await page.getByRole('button', { name: 'Wyślij odpowiedź' }).click();
  await expect(page.getByRole('heading', { name: 'Udzielona odpowiedź' })).toBeVisible();

  // The guest receives the answer.
  await expect
    .poll(async () => (await mailsTo(email, 0)).some((text) => text.includes(answer) && text.includes(number)), { timeout: 30_000 })
    .toBe(true);
});

test('the office files a complaint for a passenger who phoned; the list and its page say so, the passenger is told', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = `telefon.${run}@example.com`;
  const [from, to] = [await apiStopId(request, 'Rzeszów'), await apiStopId(request, 'Nisko')];
  const [course] = await apiSearch(request, from, to, warsawDay(4));
  if (!course) throw new Error('no course Rzeszów → Nisko in four days');
  const placed = await apiPlaceAndPay(request, { course, from, to, passengers: 1, customer: { first_name: 'Jan', last_name: `Telefon-${run}`, email } });
  await apiTicketNumbers(request, placed.hash_id, 1);
  const order = await request.get('/api/order/order/success-data', { params: { hash_id: placed.hash_id } });
  const number = ((await order.json()) as { data: { number: string } }).data.number;
  const text = `Pasażer zadzwonił: kierowca nie wpuścił psa (${run}).`;

  await logIn(page, ADMIN);
  await page.goto('/admin/complaint/complaint');
  await page.getByRole('link', { name: 'Zgłoś reklamację pasażera' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zgłoś reklamację pasażera' })).toBeVisible();
  await page.getByLabel(/^Numer zamówienia lub biletu/).fill(number);
  await page.getByLabel(/^E-mail pasażera/).fill(email);
  await page.getByLabel(/^Treść reklamacji/).fill(text);
  await page.getByLabel('Otrzymana').selectOption({ label: 'telefon' });
  await page.getByRole('button', { name: 'Zapisz reklamację' }).click();
  const done = page.getByRole('status').filter({ hasText: /^Zapisano reklamację RK-\d{4}-\d{6}\./ });
  await expect(done).toBeVisible();
  await expect(done).toContainText(/decyzja do \d{2}\.\d{2}\.\d{4}\./);
  const filed = /RK-\d{4}-\d{6}/.exec((await done.textContent()) ?? '')?.[0] ?? '';

  await done.getByRole('link', { name: 'Otwórz reklamację' }).click();
  await expect(page.getByRole('heading', { level: 1, name: filed })).toBeVisible();
  await expect(page.getByText('Zgłoszona przez biuro (telefon)')).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();
  await page.getByRole('link', { name: 'Wróć do listy' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: filed }) });
  await expect(row).toContainText('Zgłoszona przez biuro (telefon)');
  await expect(row).toContainText('otrzymana');

  // The passenger is told at the address the office gave.
  await expect.poll(async () => (await mailsTo(email, 0)).some((mail) => mail.includes(filed)), { timeout: 30_000 }).toBe(true);
});
