// Every admin screen against the real backend: it renders for a SuperAdmin, axe finds no serious or
// critical violation, nothing spills sideways at phone width, and screenshots at 1280 px and 390 px
// are kept (under test-results/, and in ADMIN_SHOTS when set) for a person to look at.
import { expect, test, type Page } from '@playwright/test';

import { ADMIN_SCREENS as SCREENS } from './admin-screens';
import { ADMIN, expectAccessible, logIn } from './support';

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect(overflow).toBeLessThanOrEqual(0);
}

test('every admin screen renders, passes axe and fits a phone', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await logIn(page, ADMIN);
  for (const [name, path, heading] of SCREENS) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(/^(Wczytywanie|Loading)…$/)).toHaveCount(0);
    await expect(page).toHaveTitle(/ – (Panel administracyjny|Admin panel) \| Nisko Bus$/);
    await expectAccessible(page, testInfo, name);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      if (width === 390) await noSidewaysScroll(page);
      const path = testInfo.outputPath(`admin-${name}-${width}.png`);
      await page.screenshot({ path, fullPage: true });
      if (process.env.ADMIN_SHOTS) await page.screenshot({ path: `${process.env.ADMIN_SHOTS}/${name}-${width}.png`, fullPage: true });
    }
  }
});
