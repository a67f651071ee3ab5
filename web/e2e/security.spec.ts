// The pages run under a strict Content-Security-Policy (no 'unsafe-inline'; the build's own inline
// scripts by hash). Nothing the site does may be refused by it: a refusal would be a broken feature.
import { expect, test, type Page } from '@playwright/test';

import { JAN, logIn } from './support';

/** Collects the page's CSP violations (an event the browser fires on the document). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  // As text: the e2e specs are typed for Node, not for the page's DOM.
  await page.addInitScript({
    content: `window.__violations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.__violations.push(event.violatedDirective + ' ' + event.blockedURI);
      });`,
  });
  return () => page.evaluate<string[]>('window.__violations');
}

test('the site runs within its content security policy', async ({ page }) => {
  test.setTimeout(60_000);
  const violations = await watchViolations(page);
  const home = await page.goto('/');
  const policy = home?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self' 'sha256-");
  expect(policy).not.toContain('unsafe-inline');
  await expect(page.getByRole('button', { name: 'Szukaj połączeń' })).toBeVisible();
  expect(await violations()).toEqual([]);

  for (const path of ['/regulamin', '/en/nisko-krakow', '/login', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violations(), path).toEqual([]);
  }

  await logIn(page, JAN);
  await page.goto('/user/your-tickets');
  await expect(page.getByRole('heading', { level: 1, name: 'Twoje bilety' })).toBeVisible();
  expect(await violations()).toEqual([]);
});
