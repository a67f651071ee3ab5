import { expect, test } from '@playwright/test';

const year = new Date().getFullYear();

test.describe('public layout', () => {
  test('home page renders in Polish at / (screenshots at 375 and 1280 px)', async ({ page }, testInfo) => {
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1, name: 'Wyszukaj połączenie' })).toBeVisible();
    await expect(page).toHaveTitle('Wyszukaj połączenie | Nisko Bus');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Nisko Bus' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(`© 2022–${year} Nisko Bus`);

    // Let the public settings call settle so the footer texts (when the backend has them) are in the shot.
    await page.waitForLoadState('networkidle');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const path = testInfo.outputPath(`home-${width}.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`home-${width}`, { path, contentType: 'image/png' });
    }
  });

  test('the skip link is the first thing keyboard users reach', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Przejdź do treści' });
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeInViewport();

    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('switches to English', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Wyszukaj połączenie' })).toBeVisible();

    await page.getByRole('navigation', { name: 'Wybór języka' }).getByRole('link', { name: 'EN' }).click();

    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search connections' })).toBeVisible();
    await expect(page).toHaveTitle('Search connections | Nisko Bus');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('an unknown nested path shows the 404 page with a way home', async ({ page }) => {
    await page.goto('/no-such-page/deeper');

    await expect(page.getByRole('heading', { level: 1, name: 'Nie znaleziono strony' })).toBeVisible();
    await expect(page.getByText('Nie można znaleźć tej strony')).toBeVisible();
    await expect(page).toHaveTitle('Nie znaleziono strony | Nisko Bus');

    await page.getByRole('link', { name: 'Wróć na stronę główną' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Wyszukaj połączenie' })).toBeVisible();
  });

  test('the 404 page is in English under /en', async ({ page }) => {
    await page.goto('/en/no-such-page/deeper');

    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('This page could not be found')).toBeVisible();
  });
});
