// Issue #38 (RODO): a customer takes everything the carrier holds about them, as a readable page and
// as a JSON file, then deletes the account with the password. A fresh account (registered in the
// browser, confirmed by the e-mailed link) with an order of its own bought through the API: the
// journey is ahead, so the order's data stay until it ends, and the page says so. The admin then
// finds the deletion among the requests (done, from the account, naming the kept order) and in the
// register of erasures. A guest, without an account, asks for a link with an order's number and
// e-mail, reads the link from the e-mail, sees the data, erases them, and the link is dead after.
import { readFile } from 'node:fs/promises';

import { expect, test, type APIRequestContext } from '@playwright/test';

import { apiPlaceAndPay, apiSearch, apiStopId, apiTicketNumbers, apiToken, warsawDay } from './booking-support';
import { waitForMail } from './mail';
import { ADMIN, dismissNotices, expectAccessible, logIn, screenshots } from './support';

const run = Date.now().toString(36).slice(-6);
const PASSWORD = 'bezpieczne1';
const ACCOUNT = { first_name: 'Rena', last_name: `Rodo-${run}`, email: `rena.${run}@rodo-e2e.pl` };
const ACTIVATION = /https?:\/\/[^\s"'<>]*\/confirm\?token=[^\s"'<>)]+/;
const GUEST_LINK = /https?:\/\/[^\s"'<>]*\/personal-data\?token=[^\s"'<>)]+/;

/** An order's number (`NK-2026-000123`), once the read model shows it. */
async function orderNumber(request: APIRequestContext, hashId: string): Promise<string> {
  let number = '';
  await expect
    .poll(async () => {
      const shown = await request.get('/api/order/order/success-data', { params: { hash_id: hashId } });
      number = shown.ok() ? (((await shown.json()) as { data: { number?: string | null } }).data.number ?? '') : '';
      return number;
    }, { timeout: 20_000 })
    .not.toBe('');
  return number;
}

test('a customer downloads their data and deletes the account with the password; the admin sees it done', async ({ page, request }, testInfo) => {
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
  const order = await orderNumber(request, bought.hash_id);

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

  // The admin sees the deletion among the requests: from the account, done by the person, its outcome
  // naming the order kept; and what was erased in the register.
  await logIn(page, ADMIN);
  await page.getByRole('navigation', { name: 'Nawigacja panelu' }).getByRole('link', { name: 'Dane osobowe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dane osobowe' })).toBeVisible();
  const done = page.getByRole('region', { name: 'Załatwione wnioski' });
  const row = done.getByRole('row').filter({ hasText: order });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Usunięcie danych');
  await expect(row).toContainText('z konta (klient usunął konto)');
  await expect(row).toContainText('sama osoba');
  await expect(row.getByRole('cell').last()).toContainText(order);
  // The order's data wait for its journey; the account itself is erased, by the person.
  const register = page.getByRole('region', { name: 'Rejestr usunięć' });
  const account = register.getByRole('row').filter({ hasText: 'usunięcie konta przez klienta' }).first();
  await expect(account).toContainText('konto klienta');
  await expect(account).toContainText('sama osoba');
  await expectAccessible(page, testInfo, 'admin-personal-data');
  await screenshots(page, testInfo, 'admin-personal-data');
});

test('a guest asks for a link to their data, sees them, erases them, and the link is dead after', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const guest = { first_name: 'Gabriela', last_name: `Gosc-${run}`, email: `gabriela.${run}@rodo-e2e.pl` };
  const [from, to] = [await apiStopId(request, 'Nisko'), await apiStopId(request, 'Kraków')];
  const course = (await apiSearch(request, from, to, warsawDay(6)))[0];
  expect(course, 'a course Nisko → Kraków in 6 days').toBeTruthy();
  if (!course) return;
  const bought = await apiPlaceAndPay(request, { course, from, to, passengers: 1, customer: guest });
  const order = await orderNumber(request, bought.hash_id);

  // From the footer: the form, with the order's number and e-mail.
  const since = Date.now() - 1_000;
  await page.goto('/');
  await dismissNotices(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Twoje dane osobowe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Twoje dane osobowe' })).toBeVisible();
  await expectAccessible(page, testInfo, 'guest-link-form');
  await page.getByLabel('Numer zamówienia').fill(order);
  await page.getByLabel('E-mail podany w zamówieniu').fill(guest.email);
  await page.getByRole('button', { name: 'Wyślij link' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Jeśli zamówienie ${order} ma ten adres e-mail` })).toBeVisible();
  await screenshots(page, testInfo, 'guest-link-sent');

  // The link from the e-mail: the data of the order, without an account.
  const [link = ''] = await waitForMail(guest.email, since, GUEST_LINK);
  const address = new URL(link).pathname + new URL(link).search;
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name: 'Twoje dane osobowe' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: new RegExp(`^${order}, złożone`) })).toBeVisible();
  await expect(page.getByText(`${guest.first_name} ${guest.last_name}, ${guest.email}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Konto' })).toHaveCount(0);
  await expectAccessible(page, testInfo, 'guest-data');
  await screenshots(page, testInfo, 'guest-data');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Pobierz jako JSON' }).click()]);
  const file = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as { account: unknown; orders: { number: string; email: string }[] };
  expect(file.account).toBeNull();
  expect(file.orders.map((o) => [o.number, o.email])).toEqual([[order, guest.email]]);

  // Erasing: asked first; then what is kept (the journey is ahead) and why.
  await page.getByRole('button', { name: 'Usuń moje dane' }).click();
  const question = page.getByRole('region', { name: 'Usunąć Twoje dane?' });
  await expect(question).toContainText('ten link przestanie działać');
  await screenshots(page, testInfo, 'guest-erase-question');
  await question.getByRole('button', { name: 'Tak, usuń moje dane' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Twoje dane zostały usunięte.' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(new RegExp(`zamówienie ${order}: dane zamawiającego do .*\\(podróż jeszcze się nie odbyła\\)`));
  await expectAccessible(page, testInfo, 'guest-erased');
  await screenshots(page, testInfo, 'guest-erased');

  // The link is dead now: said so, with the form to ask again.
  await page.goto(address);
  await expect(page.getByRole('alert')).toContainText('Ten link wygasł albo został już użyty.');
  await expect(page.getByRole('button', { name: 'Wyślij link' })).toBeVisible();
  await expectAccessible(page, testInfo, 'guest-link-dead');
  const token = new URL(link).searchParams.get('token') ?? '';
  const again = await request.get('/api/privacy/guest/data', { params: { token } });
  expect([again.status(), ((await again.json()) as { code: string }).code]).toEqual([404, 'privacy.link_invalid']);
  await screenshots(page, testInfo, 'guest-link-dead');
});
