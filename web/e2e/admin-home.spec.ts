// The panel's home page against the real backend (issue 29): a ticket is sold for tomorrow; the admin
// opens /admin and sees today's sale counted (orders, tickets, revenue) and tomorrow's course with the
// seats sold; the same page in English; screenshots at 1280 and 390 px, and axe finds nothing serious.
import { expect, test, type Page } from '@playwright/test';

import { apiPlaceAndPay, apiSearch, apiStopId, warsawDay } from './booking-support';
import { ADMIN, dismissNotices, expectAccessible, logIn } from './support';

const run = Date.now().toString(36).slice(-6);

/** Today's sums as the page shows them: term -> value. */
async function todaySums(page: Page): Promise<Record<string, string>> {
  const today = page.getByRole('region', { name: 'Sprzedaż w ostatnich 30 dniach' }).getByRole('region', { name: 'Dziś', exact: true });
  await expect(today).toBeVisible();
  const terms = await today.locator('dt').allTextContents();
  const values = await today.locator('dd').allTextContents();
  return Object.fromEntries(terms.map((term, i) => [term, values[i] ?? '']));
}

const grosz = (money: string) => Number(money.replace(/[^\d,]/g, '').replace(',', '.')) * 100;

test('the home page counts a sale and shows tomorrow\'s course with its seats sold', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  await logIn(page, ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Pulpit' })).toBeVisible();
  const before = await todaySums(page);

  // A guest buys two tickets Rzeszów → Nisko for tomorrow.
  const [from, to] = [await apiStopId(request, 'Rzeszów'), await apiStopId(request, 'Nisko')];
  const [course] = await apiSearch(request, from, to, warsawDay(1));
  if (!course) throw new Error('no course Rzeszów → Nisko tomorrow');
  await apiPlaceAndPay(request, {
    course, from, to, passengers: 2,
    customer: { first_name: 'Ola', last_name: `Pulpit-${run}`, email: `pulpit.${run}@example.com` },
  });

  // The page counts it (the read model follows the events within moments).
  await expect(async () => {
    await page.reload();
    const after = await todaySums(page);
    expect(Number(after['Zamówienia'])).toBe(Number(before['Zamówienia']) + 1);
    expect(Number(after['Bilety'])).toBe(Number(before['Bilety']) + 2);
    expect(grosz(after['Przychód'] ?? '')).toBeGreaterThan(grosz(before['Przychód'] ?? ''));
  }).toPass({ timeout: 20_000 });

  // Tomorrow's course is there with its seats sold, and the load of its stretches unfolds.
  const courses = page.getByRole('region', { name: 'Kursy dziś i jutro' });
  const row = courses.getByRole('row').filter({ has: page.locator(`a[href="/admin/course/course/${course.course_id}"]`) });
  await expect(row).toContainText(course.route_name);
  await expect(row.getByRole('cell').nth(1)).toHaveText(/^[1-9]\d* \/ \d+$/);
  await row.getByText(/^najwięcej zajętych: [1-9]/).click();
  await expect(row.getByRole('table')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Przychód i zwroty dziennie (zł)' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Według tras' }).getByRole('link', { name: 'Pobierz CSV' })).toBeVisible();

  await dismissNotices(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('admin-home-1280.png'), fullPage: true });
  await expectAccessible(page, testInfo, 'admin-home');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('admin-home-390.png'), fullPage: true });
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect(overflow, 'nothing scrolls the page sideways at 390 px').toBeLessThanOrEqual(0);
  await expectAccessible(page, testInfo, 'admin-home-390');

  await page.goto('/en/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Courses today and tomorrow' })).toBeVisible();
  await expectAccessible(page, testInfo, 'admin-home-en');
});
