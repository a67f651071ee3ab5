// A failed payment is not a dead end: on a phone, a guest orders, rejects the payment at the gateway,
// comes back to the after-payment page, pays again through a new transaction and sees the tickets.
// Against the real backend and its sandbox gateway.
import { expect, test } from '@playwright/test';

import { pickStop, warsawDay } from './booking-support';
import { dismissNotices, expectAccessible } from './support';

test.use({ viewport: { width: 390, height: 844 } });

test('a rejected payment is paid again from the after-payment page and ends on the success page', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await dismissNotices(page);
  await pickStop(page, 'Skąd', 'Rzesz', /^Rzeszów, Dworzec Autobusowy/);
  await pickStop(page, 'Dokąd', 'Nisko', /^Nisko, Dworzec Autobusowy/);
  await page.getByLabel('Data wyjazdu').fill(warsawDay(4));
  await page.getByRole('button', { name: 'Szukaj połączeń' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wyniki wyszukiwania' })).toBeVisible();
  await page.getByRole('radio', { name: /odjazd/ }).first().check();
  await page.getByRole('button', { name: 'Dalej: dane biletów' }).click();

  await expect(page).toHaveURL(/\/order\/ticket$/);
  await page.getByLabel('Imię').fill('Ewa');
  await page.getByLabel('Nazwisko').fill('Nowak');
  await page.getByLabel('Adres e-mail').fill('ewa.nowak@example.com');
  await page.getByLabel('Telefon').fill('+48 600 200 300');
  await page.getByRole('checkbox', { name: /Akceptuję regulamin/ }).check();
  await page.getByRole('checkbox', { name: /przetwarzanie moich danych/ }).check();
  await page.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Rezerwacja zapisana' })).toBeVisible();
  await expect(page.getByText(/^Numer rezerwacji: NB-\d{4}-\d{6}$/)).toBeVisible();
  await page.getByRole('button', { name: 'Zatrzymaj przekierowanie' }).click();
  await page.getByRole('link', { name: 'Przejdź do płatności teraz' }).click();

  // The first transaction: rejected at the gateway.
  await expect(page).toHaveURL(/\/payment\/sandbox\//);
  const firstTransaction = page.url();
  await page.getByRole('button', { name: 'Odrzuć' }).click();
  await expect(page).toHaveURL(/\/order\/after-payment\?hash_id=\w+&failed=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Płatność nie powiodła się' })).toBeVisible();
  await expect(page.getByText(/^Rezerwacja jest ważna do \d\d:\d\d\./)).toBeVisible();
  await expectAccessible(page, testInfo, 'payment-failed');
  await page.screenshot({ path: testInfo.outputPath('payment-failed-390.png'), fullPage: true });

  // Paying again opens a new transaction, not the rejected one.
  await page.getByRole('button', { name: 'Zapłać ponownie' }).click();
  await expect(page).toHaveURL(/\/payment\/sandbox\//);
  expect(page.url()).not.toBe(firstTransaction);
  await page.getByRole('button', { name: 'Zapłać' }).click();

  await expect(page).toHaveURL(/\/order\/success\/\w+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Dziękujemy! Zamówienie opłacone' })).toBeVisible();
  await expect(page.getByText(/NB-\d{4}-\d{6}/).first()).toBeVisible();
  await expect(page.getByRole('img', { name: /^Kod QR biletu / })).toHaveCount(1);

  // The rejected transaction stays rejected.
  await page.goto(firstTransaction);
  await expect(page.getByText('Ta płatność została odrzucona.')).toBeVisible();
});
