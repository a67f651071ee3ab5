import { expect, test } from '@playwright/test';

import { ADMIN, expectAccessible, JAN, logIn, screenshots } from './support';

test.describe('layout', () => {
  test('the banner and the cookie notice stay closed after a reload', async ({ page, context }, testInfo) => {
    await page.goto('/');
    const banners = page.getByRole('region', { name: 'Komunikaty' });
    await expect(banners.getByRole('link', { name: 'Kup bilet online' })).toBeVisible();
    const notice = page.getByRole('region', { name: 'Informacja o plikach cookies' });
    await expect(notice).toBeVisible();
    await expectAccessible(page, testInfo, 'home');
    await screenshots(page, testInfo, 'home-with-banner');

    await banners.getByRole('button', { name: 'Zamknij komunikat: Kup bilet online' }).click();
    await notice.getByRole('button', { name: 'Rozumiem' }).click();
    await expect(banners).toBeHidden();
    await expect(notice).toBeHidden();
    // The banner's cookie is named from its id and lasts its refresh_time (86400 s in the seed).
    const cookie = (await context.cookies()).find((c) => /^\d+closed$/.test(c.name));
    expect(cookie?.value).toBe('closed');
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(86_000);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Wyszukaj połączenie' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Strona główna' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Komunikaty' })).toBeHidden();
    await expect(page.getByRole('region', { name: 'Informacja o plikach cookies' })).toBeHidden();
  });

  test('the top menu comes from the API; sub-menus open on hover and on keyboard focus', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Menu główne' });
    await expect(nav.getByRole('link', { name: 'Nisko – Kraków' })).toHaveAttribute('href', '/nisko-krakow');
    await expect(nav.getByRole('link', { name: /Przewoźnik/ })).toHaveAttribute('target', '_blank');

    await nav.getByRole('link', { name: 'Informacje' }).hover();
    await expect(nav.getByRole('link', { name: 'Regulamin' })).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(nav.getByRole('link', { name: 'Regulamin' })).toBeHidden();

    await nav.getByRole('link', { name: 'Informacje' }).focus();
    await expect(nav.getByRole('link', { name: 'Regulamin' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Regulamin' })).toBeHidden();
  });

  test('the footer has the two menus and the company texts', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('navigation', { name: 'Stopka 1' }).getByRole('link', { name: 'Regulamin' })).toBeVisible();
    await expect(footer.getByRole('navigation', { name: 'Stopka 2' }).getByRole('link', { name: 'Zwrot biletu' })).toBeVisible();
    await expect(footer.getByText('Nisko Bus sp. z o.o.')).toBeVisible();
    await expect(footer).toContainText(`© 2022–${new Date().getFullYear()} Nisko Bus`);
  });

  test('the mobile menu opens, its sub-items toggle (375 px)', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Menu główne' })).toBeHidden();

    await page.getByRole('button', { name: 'Menu' }).click();
    const panel = page.getByRole('navigation', { name: 'Menu mobilne' });
    await expect(panel.getByRole('link', { name: 'Zaloguj się' })).toBeVisible();
    await panel.getByRole('button', { name: 'Podmenu: Informacje' }).click();
    await expect(panel.getByRole('link', { name: 'Regulamin' })).toBeVisible();
    await expectAccessible(page, testInfo, 'mobile-menu');
    const path = testInfo.outputPath('mobile-menu-375.png');
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach('mobile-menu-375', { path, contentType: 'image/png' });

    await panel.getByRole('link', { name: 'Regulamin' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Regulamin' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu mobilne' })).toBeHidden();
  });

  test('the admin panel link is shown to a SuperAdmin and leads to the admin panel', async ({ page }, testInfo) => {
    await logIn(page, ADMIN);
    // An admin lands on the panel after logging in (issue 29); the link is the shop's header's.
    await page.goto('/');
    const link = page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Panel administracyjny' });
    await expect(link).toHaveAttribute('href', '/admin');

    await link.click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pulpit' })).toBeVisible();
    await expect(page).toHaveTitle('Pulpit – Panel administracyjny | Nisko Bus');
    await expectAccessible(page, testInfo, 'admin-panel');
  });

  test('a user sees no admin link, and the admin panel tells them it is not theirs', async ({ page }) => {
    await logIn(page, JAN);
    await expect(page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Strona główna' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Panel administracyjny' })).toHaveCount(0);

    // Issue 40, defect 11: a page that says so, at the address asked for (not the home page).
    await page.goto('/admin/route/route');
    await expect(page.getByRole('heading', { level: 1, name: 'Brak dostępu do panelu administracyjnego' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/route\/route$/);
  });
});
