import { expect, test } from '@playwright/test';

import { dismissNotices, expectAccessible, screenshots } from './support';

test.describe('content pages', () => {
  test('/regulamin shows the terms from the admin panel', async ({ page }, testInfo) => {
    await page.goto('/regulamin');
    const article = page.getByRole('article', { name: 'Regulamin' });
    await expect(article.getByRole('heading', { level: 2, name: /Regulamin przewozu osób/ })).toBeVisible();
    await expect(article).toContainText('Rezerwacja nieopłacona w ciągu 15 minut wygasa');
    await expect(page).toHaveTitle('Regulamin | Nisko Bus');
    await dismissNotices(page);
    await expectAccessible(page, testInfo, 'content-regulamin');
    await screenshots(page, testInfo, 'content-regulamin');
  });

  test('the old address /old/nisko-krakow, and the same page in English', async ({ page }) => {
    await page.goto('/old/nisko-krakow');
    await expect(page.getByRole('article', { name: 'Nisko – Kraków' })).toContainText('Odjazdy z Niska');

    await page.goto('/en/nisko-krakow');
    await expect(page.getByRole('article', { name: 'Nisko – Kraków' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  });

  test('an unknown slug shows the 404 page', async ({ page }, testInfo) => {
    await page.goto('/nie-ma-takiej-strony');
    await expect(page.getByRole('heading', { level: 1, name: 'Nie znaleziono strony' })).toBeVisible();
    await expect(page).toHaveTitle('Nie znaleziono strony | Nisko Bus');
    await expectAccessible(page, testInfo, 'not-found');
  });
});
