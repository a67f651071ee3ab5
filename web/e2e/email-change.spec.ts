// Issue #38 (RODO art. 16): a customer corrects their account's e-mail. A fresh account (registered and
// activated by its e-mailed link) with an order bought online: on the account page the customer gives
// the new address and the password; a wrong password is refused; the link goes to the new address and
// a notice to the old one, and nothing changes until the link is opened: the old address still logs in,
// the new one not yet. The link (opened while logged in) changes the address, which the account page and
// the copy of the data then show, with the order's statuses and consents in words; after logging out,
// the new address logs in and the old one no longer does. The link is used up, and opens in the
// language the visitor chose.
import { expect, test } from '@playwright/test';

import { apiPlaceAndPay, apiSearch, apiStopId, apiToken, warsawDay } from './booking-support';
import { waitForMail } from './mail';
import { expectAccessible, screenshots } from './support';

const run = Date.now().toString(36).slice(-6);
const PASSWORD = 'bezpieczne1';
const ACCOUNT = { first_name: 'Ewelina', last_name: `Zmiana-${run}`, email: `ewelina.${run}@rodo-e2e.pl` };
const NEW_EMAIL = `ewelina.nowa.${run}@rodo-e2e.pl`;
const ACTIVATION = /https?:\/\/[^\s"'<>]*\/confirm\?token=[^\s"'<>)]+/;
const EMAIL_LINK = /https?:\/\/[^\s"'<>]*\/confirm-email\?token=[^\s"'<>)]+/;

const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;

test('a customer changes the account e-mail by the link sent to the new address, then logs in with it', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const since = Date.now() - 1_000;
  const registered = await request.post('/api/user/auth/register', {
    data: { ...ACCOUNT, password: PASSWORD, phone: '' },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const [activation = ''] = await waitForMail(ACCOUNT.email, since, ACTIVATION);
  const token = new URL(activation).searchParams.get('token') ?? '';
  expect((await request.post('/api/user/auth/confirm', { data: { token } })).status()).toBe(200);

  // An order bought online: its consents are in the copy of the data.
  const [from, to] = [await apiStopId(request, 'Nisko'), await apiStopId(request, 'Kraków')];
  const course = (await apiSearch(request, from, to, warsawDay(5)))[0];
  expect(course, 'a course Nisko → Kraków in 5 days').toBeTruthy();
  if (!course) return;
  await apiPlaceAndPay(request, { course, from, to, passengers: 1, customer: ACCOUNT, token: await apiToken(request, { email: ACCOUNT.email, password: PASSWORD }) });

  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(ACCOUNT.email);
  await page.getByLabel('Hasło').fill(PASSWORD);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(page.getByRole('button', { name: `Twoje bilety (${ACCOUNT.first_name})` })).toBeVisible();

  // The account page: the e-mail read-only, the form behind its button.
  await page.goto('/user/user');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(ACCOUNT.email);
  await page.getByRole('button', { name: 'Rozumiem', exact: true }).click();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveAccessibleDescription('Adres e-mail jest loginem konta.');
  await page.getByRole('button', { name: 'Zmień adres e-mail' }).click();
  const form = page.getByRole('form', { name: 'Zmiana adresu e-mail' });
  await expect(form.getByLabel('Nowy adres e-mail')).toBeFocused();
  await form.getByLabel('Nowy adres e-mail').fill(NEW_EMAIL);
  await form.getByLabel('Obecne hasło').fill('nie-to-haslo');
  await form.getByRole('button', { name: 'Wyślij link' }).click();
  await expect(form.getByLabel('Obecne hasło')).toHaveAccessibleDescription('Obecne hasło jest nieprawidłowe.');
  await expectAccessible(page, testInfo, 'email-change-refused');
  await screenshots(page, testInfo, 'email-change-refused');

  const asked = Date.now() - 1_000;
  await form.getByLabel('Obecne hasło').fill(PASSWORD);
  await form.getByRole('button', { name: 'Wyślij link' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Wysłaliśmy link na adres ${NEW_EMAIL}.` })).toContainText('ważny przez 24 godziny');
  await expect(form).toHaveCount(0);
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(ACCOUNT.email);
  await expectAccessible(page, testInfo, 'email-change-sent');
  await screenshots(page, testInfo, 'email-change-sent');

  // The link went to the new address, a notice to the old one; the login is still the old address.
  const [link = ''] = await waitForMail(NEW_EMAIL, asked, EMAIL_LINK);
  await waitForMail(ACCOUNT.email, asked, new RegExp(`zmianę adresu e-mail Twojego konta na ${NEW_EMAIL.replace(/\./g, '\\.')}`));
  const early = await request.post('/api/user/auth/login', { data: { email: NEW_EMAIL, password: PASSWORD } });
  expect(early.status()).toBe(422);

  // Opened while logged in: changed, and the account page shows the new address.
  await page.goto(pathOf(link));
  await expect(page.getByRole('heading', { level: 1, name: 'Zmiana adresu e-mail' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(`Adres e-mail został zmieniony na ${NEW_EMAIL}. Od teraz logujesz się tym adresem.Przejdź do konta`);
  await expectAccessible(page, testInfo, 'email-confirmed');
  await screenshots(page, testInfo, 'email-confirmed');
  await page.getByRole('link', { name: 'Przejdź do konta' }).click();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(NEW_EMAIL);

  // The copy of the data: the new address, the order's status, its ticket's and its consents in words.
  await page.getByRole('link', { name: 'Zobacz moje dane' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Moje dane' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: NEW_EMAIL })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: /, złożone .* · Opłacone$/ })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /: Nisko.* → Kraków.* · Ważny$/ })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Akceptacja regulaminu – / })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Zgoda na przetwarzanie danych osobowych – / })).toBeVisible();
  await expect(page.getByText(/, bilety e-mailem$/)).toBeVisible();
  await expectAccessible(page, testInfo, 'my-data-words');
  await screenshots(page, testInfo, 'my-data-words');

  // Logged out, the new address logs in, the old one no longer does.
  await page.getByRole('button', { name: `Twoje bilety (${ACCOUNT.first_name})` }).click();
  await page.getByRole('button', { name: 'Wyloguj się' }).click();
  await expect(page.getByRole('button', { name: 'Twoje bilety', exact: true })).toBeVisible();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(NEW_EMAIL);
  await page.getByLabel('Hasło').fill(PASSWORD);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(page.getByRole('button', { name: `Twoje bilety (${ACCOUNT.first_name})` })).toBeVisible();
  const old = await request.post('/api/user/auth/login', { data: { email: ACCOUNT.email, password: PASSWORD } });
  expect(old.status()).toBe(422);

  // The link works once.
  await page.goto(pathOf(link));
  await expect(page.getByRole('alert')).toContainText('Link potwierdzający nowy adres e-mail jest nieprawidłowy, został już użyty albo wygasł.');
  await expect(page.getByRole('link', { name: 'Przejdź do konta' })).toBeVisible();
  await expectAccessible(page, testInfo, 'email-link-used');
  await screenshots(page, testInfo, 'email-link-used');

  // The link has no language prefix: it opens in the language the visitor chose.
  await page.goto('/en/user/user');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await page.goto(pathOf(link));
  await expect(page).toHaveURL(/\/en\/confirm-email\?token=/);
  await expect(page.getByRole('alert')).toContainText("Your account's e-mail address has not been changed.");
  await expect(page.getByRole('link', { name: 'Go to your account' })).toBeVisible();
  await screenshots(page, testInfo, 'email-link-used-en');
});
