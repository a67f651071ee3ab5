import { expect, test } from '@playwright/test';

import { dismissNotices, expectAccessible, JAN, logIn, screenshots } from './support';

test.describe('accounts', () => {
  test('log in, see the account, log out with the toast', async ({ page }, testInfo) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Logowanie | Nisko Bus');
    await dismissNotices(page);
    await expectAccessible(page, testInfo, 'login');
    await screenshots(page, testInfo, 'login');

    await logIn(page, JAN);
    await expect(page).toHaveURL(/\/$/);

    const userMenu = page.getByRole('button', { name: 'Twoje bilety (Jan)' });
    await userMenu.click();
    await page.getByRole('link', { name: 'Twoje konto' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Twoje konto' })).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveValue(JAN.email);
    await expect(page.getByLabel('E-mail')).not.toBeEditable();
    await expectAccessible(page, testInfo, 'account');
    await screenshots(page, testInfo, 'account');

    await userMenu.click();
    await page.getByRole('button', { name: 'Wyloguj się' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Zostałeś poprawnie wylogowany' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Twoje bilety', exact: true })).toBeVisible();

    // The session ended on the server too: the account page now asks to log in.
    await page.goto('/user/user');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fuser$/);
  });

  test('a guest opening /user/user logs in and comes back to it', async ({ page }) => {
    await page.goto('/user/user');
    await expect(page.getByRole('heading', { level: 1, name: 'Logowanie' })).toBeVisible();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(JAN.email);
    await page.getByLabel('Hasło').fill(JAN.password);
    await page.getByRole('button', { name: 'Zaloguj się' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Twoje konto' })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/user$/);
  });

  test('registration explains invalid fields, and the server’s refusal of a taken address', async ({ page }, testInfo) => {
    await page.goto('/register');
    await expect(page).toHaveTitle('Rejestracja | Nisko Bus');
    await dismissNotices(page);
    await page.getByRole('button', { name: 'Załóż konto' }).click();

    await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('Podaj adres e-mail.');
    await expect(page.getByLabel('E-mail')).toBeFocused();
    await expect(page.getByLabel('Imię')).toHaveAccessibleDescription('Podaj imię.');
    await page.getByLabel('Hasło', { exact: true }).fill('krotkie');
    await page.getByRole('button', { name: 'Załóż konto' }).click();
    await expect(page.getByLabel('Hasło', { exact: true })).toHaveAccessibleDescription(/Hasło musi mieć co najmniej 8 znaków\./);
    await expectAccessible(page, testInfo, 'register-errors');
    await screenshots(page, testInfo, 'register-errors');

    await page.getByLabel('E-mail').fill(JAN.email);
    await page.getByLabel('Hasło', { exact: true }).fill('bezpieczne1');
    await page.getByLabel('Powtórz hasło').fill('bezpieczne1');
    await page.getByLabel('Imię').fill('Jan');
    await page.getByLabel('Nazwisko').fill('Kowalski');
    await page.getByRole('button', { name: 'Załóż konto' }).click();

    await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('Ten adres e-mail jest już zarejestrowany.');
    await expect(page.getByRole('alert').filter({ hasText: 'Rejestracja nie powiodła się.' })).toBeVisible();
  });

  test('registration errors in English under /en', async ({ page }, testInfo) => {
    await page.goto('/en/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
    await expect(page).toHaveTitle('Register | Nisko Bus');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByLabel('E-mail').fill('jan@');
    await page.getByLabel('Password', { exact: true }).fill('bezpieczne1');
    await page.getByLabel('Repeat password').fill('inne-haslo');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('Enter a valid e-mail address, e.g. jan.kowalski@example.com.');
    await expect(page.getByLabel('Repeat password')).toHaveAccessibleDescription('The passwords do not match.');
    await expect(page.getByLabel('First name')).toHaveAccessibleDescription('Enter your first name.');
    await expectAccessible(page, testInfo, 'register-errors-en');
  });

  test('a wrong password is refused with the server’s message', async ({ page }) => {
    await page.goto('/en/login');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(JAN.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Incorrect e-mail or password.');
  });
});
