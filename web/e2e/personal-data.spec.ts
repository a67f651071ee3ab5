// Issue #38 (RODO): a customer takes everything the carrier holds about them, as a readable page and
// as a JSON file, then deletes the account with the password. A fresh account (registered in the
// browser, confirmed by the e-mailed link) with an order of its own bought through the API: the
// journey is ahead, so the order's data stay until it ends, and the page says so.
import { readFile } from 'node:fs/promises';

import { expect, test } from '@playwright/test';

import { apiPlaceAndPay, apiSearch, apiStopId, apiTicketNumbers, apiToken, warsawDay } from './booking-support';
import { waitForMail } from './mail';
import { dismissNotices, expectAccessible, screenshots } from './support';

const run = Date.now().toString(36).slice(-6);
const PASSWORD = 'bezpieczne1';
const ACCOUNT = { first_name: 'Rena', last_name: `Rodo-${run}`, email: `rena.${run}@rodo-e2e.pl` };
const ACTIVATION = /https?:\/\/[^\s"'<>]*\/confirm\?token=[^\s"'<>)]+/;

test('a customer downloads their data and deletes the account with the password', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const since = Date.now() - 1_000;
  await page.goto('/register');
  await dismissNotices(page);
  await page.getByLabel('E-mail').fill(ACCOUNT.email);
  await page.getByLabel('Hasło', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Powtórz hasło').fill(PASSWORD);
  await page.getByLabel('Imię').fill(ACCOUNT.first_name);
  await page.getByLabel('Nazwisko').fill(ACCOUNT.last_name);
  await page.getByRole('button', { name: 'Załóż konto' }).click();
  await expect(page.getByText(/Dziękujemy za rejestrację/)).toBeVisible();
  const [link] = await waitForMail(ACCOUNT.email, since, ACTIVATION);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText('Twoje konto zostało aktywowane. Możesz się zalogować.')).toBeVisible();

  const [from, to] = [await apiStopId(request, 'Nisko'), await apiStopId(request, 'Kraków')];
  const course = (await apiSearch(request, from, to, warsawDay(5)))[0];
  expect(course, 'a course Nisko → Kraków in 5 days').toBeTruthy();
  if (!course) return;
  const token = await apiToken(request, { email: ACCOUNT.email, password: PASSWORD });
  const bought = await apiPlaceAndPay(request, { course, from, to, passengers: 1, customer: ACCOUNT, token });
  const [ticket] = await apiTicketNumbers(request, bought.hash_id, 1);

  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(ACCOUNT.email);
  await page.getByLabel('Hasło').fill(PASSWORD);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(page.getByRole('button', { name: `Twoje bilety (${ACCOUNT.first_name})` })).toBeVisible();

  // The readable page: the account, the order with what was given, its ticket.
  await page.goto('/user/user');
  await page.getByRole('link', { name: 'Zobacz moje dane' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Moje dane' })).toBeVisible();
  await expect(page.getByText(ACCOUNT.email).first()).toBeVisible();
  await expect(page.getByText(new RegExp(`^${ticket ?? 'NK'}: Nisko`))).toBeVisible();
  await expectAccessible(page, testInfo, 'my-data');
  await screenshots(page, testInfo, 'my-data');

  // The file: the same data, machine-readable.
  await page.goto('/user/user');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Pobierz moje dane (JSON)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^moje-dane-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as {
    account: { email: string };
    orders: { last_name: string; tickets: { number: string }[] }[];
  };
  expect(file.account.email).toBe(ACCOUNT.email);
  expect(file.orders.map((order) => order.tickets[0]?.number)).toEqual([ticket]);

  // Deleting: told first what goes and what stays; a wrong password deletes nothing.
  const form = page.getByRole('form', { name: 'Usuń konto' });
  await expect(form).toContainText('przez 5 lat od końca roku podatkowego');
  await form.getByRole('checkbox', { name: 'Rozumiem, że konta nie da się przywrócić.' }).check();
  await form.getByLabel('Hasło').fill('nie-to-haslo');
  await form.getByRole('button', { name: 'Usuń konto na zawsze' }).click();
  await expect(form.getByLabel('Hasło')).toHaveAccessibleDescription('Obecne hasło jest nieprawidłowe.');
  await screenshots(page, testInfo, 'delete-account-refused');

  await form.getByLabel('Hasło').fill(PASSWORD);
  await form.getByRole('button', { name: 'Usuń konto na zawsze' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Twoje konto zostało usunięte.' })).toBeVisible();
  const kept = page.getByRole('status').filter({ hasText: 'Do czasu podanego niżej przechowujemy jeszcze' });
  await expect(kept).toContainText(/dane zamawiającego do .*\(podróż jeszcze się nie odbyła\)/);
  await expectAccessible(page, testInfo, 'account-deleted');
  await screenshots(page, testInfo, 'account-deleted');

  // At once: the login is refused, the old session is dead.
  const again = await request.post('/api/user/auth/login', { data: { email: ACCOUNT.email, password: PASSWORD } });
  expect(again.status()).toBe(422);
  const mine = await request.get('/api/user/user/my-data', { headers: { Authorization: `Bearer ${token}` } });
  expect(mine.status()).toBe(401);
});
