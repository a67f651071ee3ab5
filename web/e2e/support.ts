// Helpers shared by the layout, accounts and content specs.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** The demo accounts the backend seeds (`coach seed`). */
export const JAN = { email: 'jan.kowalski@example.com', password: 'demo1234', firstName: 'Jan' };
export const ADMIN = { email: 'admin@example.com', password: 'demo1234', firstName: 'Anna' };

/** Full-page screenshots at phone (375 px) and desktop (1280 px) width, kept under test-results/. */
export async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const path = testInfo.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name}-${width}`, { path, contentType: 'image/png' });
  }
  if (original) await page.setViewportSize(original);
}

/** axe-core (WCAG 2.0-2.2 A and AA rules): no serious or critical violation. */
export async function expectAccessible(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  await testInfo.attach(`axe-${name}.json`, { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, `axe violations on ${name}`).toEqual([]);
}

/**
 * Logs in through the login form and waits for where the account lands: the panel for the admin
 * (issue 29), the shop with the user in its header for anyone else.
 */
export async function logIn(page: Page, account: { email: string; password: string; firstName: string }): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Logowanie' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
  await page.getByLabel('Hasło').fill(account.password);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  if (account.email === ADMIN.email) {
    await expect(page).toHaveURL(/\/admin(\/|$)/);
    await expect(page.getByRole('navigation', { name: 'Nawigacja panelu' })).toBeVisible();
    return;
  }
  await expect(page.getByRole('button', { name: `Twoje bilety (${account.firstName})` })).toBeVisible();
}

/** The cookie notice and banners cover part of the page in screenshots: close them first when asked (either language). */
export async function dismissNotices(page: Page): Promise<void> {
  const accept = page.getByRole('button', { name: /^(Rozumiem|Got it)$/ });
  if (await accept.isVisible()) await accept.click();
}

/** A company's invoice data, as the admin's order edit takes it. */
export interface InvoiceBuyer {
  vat_number: string;
  company_name: string;
  address: string;
  postal_code: string;
  city: string;
}

/** On the admin's order edit: ticks "Klient chce fakturę" and fills in `buyer` and the change's `reason` (not saved). */
export async function askForInvoice(page: Page, buyer: InvoiceBuyer, reason: string): Promise<void> {
  await page.getByRole('checkbox', { name: 'Klient chce fakturę' }).check();
  await page.getByRole('textbox', { name: /^Nazwa firmy/ }).fill(buyer.company_name);
  await page.getByRole('textbox', { name: /^NIP/ }).fill(buyer.vat_number);
  await page.getByRole('textbox', { name: /^Adres/ }).fill(buyer.address);
  await page.getByRole('textbox', { name: /^Kod pocztowy/ }).fill(buyer.postal_code);
  await page.getByRole('textbox', { name: /^Miejscowość/ }).fill(buyer.city);
  await page.getByRole('textbox', { name: /^Powód zmiany/ }).fill(reason);
}
