// Issue #30: a guest who registers later with the same e-mail address sees the tickets bought as a
// guest once the address is confirmed. Bought as a guest (through the API: the order form has journeys
// of its own), registered in the browser, the activation link read from the e-mail (`e2e/mail.ts`),
// logged in: "Moje bilety" offers to attach the order, and after attaching lists its tickets.
import { expect, test } from '@playwright/test';

import { apiPlaceAndPay, apiSearch, apiStopId, apiTicketNumbers, warsawDay } from './booking-support';
import { waitForMail } from './mail';
import { dismissNotices, expectAccessible, screenshots } from './support';

const run = Date.now().toString(36).slice(-6);
const PASSWORD = 'bezpieczne1';
const GUEST = { first_name: 'Ola', last_name: `Gość-${run}`, email: `ola.${run}@gosc-e2e.pl` };
const ACTIVATION = /https?:\/\/[^\s"'<>]*\/confirm\?token=[^\s"'<>)]+/;

test('a guest who registers with the same address attaches the order after confirming it', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const [from, to] = [await apiStopId(request, 'Nisko'), await apiStopId(request, 'Kraków')];
  const course = (await apiSearch(request, from, to, warsawDay(6)))[0];
  expect(course, 'a course Nisko → Kraków in 6 days').toBeTruthy();
  if (!course) return;
  // The address typed in capitals at the purchase: it is the same address.
  const bought = await apiPlaceAndPay(request, {
    course,
    from,
    to,
    passengers: 2,
    customer: { ...GUEST, email: GUEST.email.toUpperCase() },
  });
  const numbers = await apiTicketNumbers(request, bought.hash_id, 2);

  // Registered, not confirmed: the account cannot log in, so nothing is offered.
  const since = Date.now() - 1_000;
  await page.goto('/register');
  await dismissNotices(page);
  await page.getByLabel('E-mail').fill(GUEST.email);
  await page.getByLabel('Hasło', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Powtórz hasło').fill(PASSWORD);
  await page.getByLabel('Imię').fill(GUEST.first_name);
  await page.getByLabel('Nazwisko').fill(GUEST.last_name);
  await page.getByRole('button', { name: 'Załóż konto' }).click();
  await expect(page.getByText(/Dziękujemy za rejestrację/)).toBeVisible();
  const early = await request.post('/api/user/auth/login', { data: { email: GUEST.email, password: PASSWORD } });
  expect(early.status()).toBe(422);

  // The link from the e-mail confirms the address.
  const [link] = await waitForMail(GUEST.email, since, ACTIVATION);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText('Twoje konto zostało aktywowane. Możesz się zalogować.')).toBeVisible();

  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(GUEST.email);
  await page.getByLabel('Hasło').fill(PASSWORD);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(page.getByRole('button', { name: `Twoje bilety (${GUEST.first_name})` })).toBeVisible();

  await page.goto('/user/your-tickets');
  const offer = page.getByRole('region', { name: 'Bilety kupione bez konta' });
  await expect(offer).toContainText('Znaleźliśmy 1 zamówienie złożone bez konta na Twój adres e-mail.');
  await expect(page.getByText('Nie masz zaplanowanych podróży.')).toBeVisible();
  await expectAccessible(page, testInfo, 'guest-orders-offer');
  await screenshots(page, testInfo, 'guest-orders-offer');

  await offer.getByRole('button', { name: 'Dołącz do mojego konta' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dołączyliśmy do Twojego konta 1 zamówienie' })).toBeVisible();
  await expect(offer).toBeHidden();
  const list = page.getByRole('list', { name: 'Twoje bilety' });
  for (const number of numbers) await expect(list.getByRole('listitem', { name: `Bilet ${number}` })).toBeVisible();
  await screenshots(page, testInfo, 'guest-orders-attached');

  // The ticket's page opens from the list, and the offer does not come back.
  await list.getByRole('link', { name: `Bilet ${numbers[0]}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Bilet ${numbers[0]}` })).toBeVisible();
  await page.goto('/user/your-tickets');
  await expect(page.getByRole('list', { name: 'Twoje bilety' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Bilety kupione bez konta' })).toHaveCount(0);
});
