// The booking journey against the real backend, in Polish: search Nisko → Kraków, order two
// passengers (one with the statutory 37% reduction) with an invoice and the NISKO10 coupon, pay in
// the sandbox gateway, see the tickets, find them under "your tickets" and return one.
import { expect, test } from '@playwright/test';

import { chooseDiscount, pickStop, ticketsOnSuccessPage, warsawDay } from './booking-support';
import { dismissNotices, expectAccessible, JAN, logIn, screenshots } from './support';

test.describe('booking (pl)', () => {
  test('search, order with a discount, an invoice and a coupon, pay, see and return a ticket', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const day = warsawDay(1);

    await logIn(page, JAN);
    await page.goto('/');
    await dismissNotices(page);

    // Search
    await expect(page.getByRole('radio', { name: 'W jedną stronę' })).toBeChecked();
    await pickStop(page, 'Skąd', 'Nisko', /^Nisko, Dworzec Autobusowy/);
    await pickStop(page, 'Dokąd', 'krakow', /^Kraków, MDA Dworzec Autobusowy/);
    await page.getByLabel('Data wyjazdu').fill(day);
    await expectAccessible(page, testInfo, 'home');
    await screenshots(page, testInfo, 'home');
    await page.getByRole('button', { name: 'Szukaj połączeń' }).click();

    await expect(page).toHaveURL(/\/search\?tripMode=one_way&start=\d+&end=\d+&date=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Wyniki wyszukiwania' })).toBeVisible();
    await expect(page).toHaveTitle('Wyniki wyszukiwania | Nisko Bus');
    const course = page.getByRole('radio', { name: /odjazd 12:00, przyjazd 15:55/ });
    await expect(course.locator('xpath=ancestor::label')).toContainText('Cena: 39,00 zł');
    await course.check();
    await expectAccessible(page, testInfo, 'search');
    await screenshots(page, testInfo, 'search');
    await page.getByRole('button', { name: 'Dalej: dane biletów' }).click();

    // Order form: two passengers, one with a discount
    await expect(page).toHaveURL(/\/order\/ticket$/);
    await expect(page).toHaveTitle('Zamówienie biletów | Nisko Bus');
    await expect(page.getByText('Cena za osobę: 39,00 zł')).toBeVisible();
    await page.getByRole('button', { name: 'Dodaj bilet z inną ulgą' }).click();
    const second = page.getByRole('listitem', { name: 'Bilet 2' });
    await chooseDiscount(second.getByRole('combobox', { name: 'Ulga' }), 'Ulga 37%');
    await expect(second.getByText('Cena za osobę: 24,57 zł')).toBeVisible();
    await expect(page.getByText('Razem za bilety: 63,57 zł')).toBeVisible();

    // The buyer comes from the account; the phone and consents are ours to give.
    await expect(page.getByLabel('Imię')).toHaveValue('Jan');
    await expect(page.getByLabel('Adres e-mail')).toHaveValue(JAN.email);
    await page.getByLabel('Telefon').fill('+48 600 100 200');
    await page.getByRole('checkbox', { name: /Akceptuję regulamin/ }).check();
    await page.getByRole('checkbox', { name: /przetwarzanie moich danych/ }).check();

    // Invoice: a wrong NIP first (checksum), then the right one
    await page.getByRole('checkbox', { name: 'Chcę otrzymać fakturę VAT' }).check();
    await expect(page.getByLabel('Kraj')).toHaveValue('PL');
    await page.getByLabel('NIP').fill('123-456-32-19');
    await page.getByLabel('Nazwa firmy').fill('Hurtownia Sanok Sp. z o.o.');
    await page.getByLabel('Ulica i numer').fill('ul. Mickiewicza 5');
    await page.getByLabel('Kod pocztowy').fill('38-500');
    await page.getByLabel('Miejscowość').fill('Sanok');
    await page.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }).click();
    await expect(page.getByRole('alert', { name: 'Popraw 1 błąd' })).toBeFocused();
    await expect(page.getByLabel('NIP')).toHaveAccessibleDescription(/Ten NIP jest nieprawidłowy/);
    await page.getByLabel('NIP').fill('123-456-32-18');

    // Coupon
    await page.getByLabel('Kod kuponu').fill('NISKO10');
    await page.getByRole('button', { name: 'Zastosuj kupon' }).click();
    await expect(page.getByText('Kupon NISKO10 – do wykorzystania 10,00 zł.')).toBeVisible();
    const totals = page.getByRole('region', { name: 'Podsumowanie' });
    await expect(totals).toContainText('Do zapłaty53,57 zł');
    await expectAccessible(page, testInfo, 'order');
    await screenshots(page, testInfo, 'order');

    await page.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }).click();

    // Payment: stop the redirect to look around, then pay in the sandbox
    await expect(page.getByRole('heading', { level: 1, name: 'Rezerwacja zapisana' })).toBeVisible();
    await page.getByRole('button', { name: 'Zatrzymaj przekierowanie' }).click();
    await expect(page.getByText('Status: rezerwacja oczekuje na płatność')).toBeVisible();
    // The time left in minutes ("15 min"), not a clock time like "15:00" (issue #30).
    await expect(page.getByText(/^Rezerwacja ważna jeszcze 1[45] min$/)).toBeVisible();
    await expectAccessible(page, testInfo, 'payment');
    await screenshots(page, testInfo, 'payment');
    await page.getByRole('link', { name: 'Przejdź do płatności teraz' }).click();

    await expect(page).toHaveURL(/\/payment\/sandbox\//);
    await page.getByRole('button', { name: 'Zapłać' }).click();

    // Back from the gateway: the tickets
    await expect(page).toHaveURL(/\/order\/success\/[\w-]+$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Dziękujemy! Zamówienie opłacone' })).toBeVisible();
    const tickets = page.getByRole('region', { name: 'Bilety' }).getByRole('listitem');
    await expect(tickets).toHaveCount(2);
    await expect(page.getByRole('img', { name: /^Kod QR biletu / })).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'Płatność' })).toContainText('Zapłacono53,57 zł');
    await expect(page.getByRole('region', { name: 'Faktura' })).toContainText('Hurtownia Sanok Sp. z o.o.');
    const issued = await ticketsOnSuccessPage(page, 'Bilety');
    expect(issued).toHaveLength(2);
    await expectAccessible(page, testInfo, 'success');
    await screenshots(page, testInfo, 'success');

    // Your tickets
    await page.getByRole('link', { name: 'Moje bilety' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Twoje bilety' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Twoje bilety' });
    for (const ticket of issued) await expect(list.getByRole('link', { name: `Bilet ${ticket.number}` })).toBeVisible();
    await expectAccessible(page, testInfo, 'your-tickets');
    await screenshots(page, testInfo, 'your-tickets');

    // Return the full-fare ticket: 39 zł, a 3,90 zł fee; its coupon share goes back to the coupon first
    const [first] = issued;
    await list.getByRole('link', { name: `Bilet ${first?.number}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Bilet ${first?.number}` })).toBeVisible();
    await expect(page.getByRole('img', { name: `Kod QR biletu ${first?.number}` })).toBeVisible();
    await page.getByRole('button', { name: 'Zwróć bilet' }).click();
    await expect(page.getByRole('heading', { name: `Czy na pewno chcesz zwrócić bilet ${first?.number}?` })).toBeFocused();
    await page.getByRole('button', { name: 'Tak, zwróć bilet' }).click();
    const result = page.getByRole('status').filter({ hasText: 'został zwrócony' });
    await expect(result).toContainText(`Bilet ${first?.number} został zwrócony.`);
    await expect(result).toContainText('Opłata manipulacyjna-3,90 zł');
    await expectAccessible(page, testInfo, 'ticket-returned');
    await screenshots(page, testInfo, 'ticket-returned');

    // Stamps
    await page.goto('/user/stamps');
    await expect(page.getByRole('heading', { level: 1, name: 'Twoje pieczątki' })).toBeVisible();
    await expect(page.getByText(/^Do kolejnego kuponu \(20,00\szł\) brakuje Ci jeszcze \d+ bilet/)).toBeVisible();
    await expectAccessible(page, testInfo, 'stamps');
    await screenshots(page, testInfo, 'stamps');
  });

  test('guests who open the tickets page go to the login page', async ({ page }) => {
    await page.goto('/user/your-tickets');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fyour-tickets$/);
  });
});
