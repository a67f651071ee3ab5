// The English site reads English all the way: menus, the banner, the footer texts and content pages
// come from the API in the page's language (`lang=en`), and the Polish site stays Polish. Against the
// real backend with the seeded demo content, which carries both languages.
import { expect, test } from '@playwright/test';

import { expectAccessible } from './support';

test.describe('content in the page language', () => {
  test('the English home page shows English menus, banner and footer texts', async ({ page }, testInfo) => {
    await page.goto('/en');
    await expect(page.getByRole('link', { name: 'Home' }).first()).toBeVisible();
    await expect(page.getByText('Buy your ticket online').first()).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Information and bookings');
    await expect(footer).toContainText('every day, 6:00–20:00');
    await expect(footer.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/en/regulamin');
    await expect(footer.getByRole('link', { name: 'Return a ticket' })).toBeVisible();
    for (const polish of ['Strona główna', 'Kup bilet online', 'Informacja i rezerwacje', 'codziennie']) {
      await expect(page.getByText(polish)).toHaveCount(0);
    }
    await expectAccessible(page, testInfo, 'home-en');

    // A content page, from the footer's link.
    await footer.getByRole('link', { name: 'Terms and conditions' }).click();
    await expect(page).toHaveURL(/\/en\/regulamin$/);
    await expect(page.getByRole('heading', { name: 'Terms of carriage and online ticket sales' })).toBeVisible();
    await expect(page.getByText('Regulamin przewozu osób')).toHaveCount(0);
  });

  test('the Polish home page stays Polish', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Strona główna' }).first()).toBeVisible();
    await expect(page.getByText('Kup bilet online').first()).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Informacja i rezerwacje');
    await expect(page.getByText('Buy your ticket online')).toHaveCount(0);
  });
});
