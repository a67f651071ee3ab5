import { expect, test, type Page } from '@playwright/test';

import { warsawDay } from './booking-support';

/** The id of the first stop whose name starts like `query`, from the endpoint the search form uses. */
async function stopId(page: Page, query: string): Promise<number> {
  const response = await page.request.get(`/api/route/waypoint/search-dropdown?q=${encodeURIComponent(query)}`);
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { id: number }[] };
  expect(data.length).toBeGreaterThan(0);
  return data[0]!.id;
}

/** Every API call the page makes, as "METHOD /path" (no query string). */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

test.describe('first load', () => {
  test('search results from a link: one request per answer, shown in one go with the chunks preloaded', async ({ page }) => {
    const [start, end] = [await stopId(page, 'Nisko'), await stopId(page, 'Kraków')];
    // Whether the "searching" status was ever in the page: with the data loaded beside the chunk, the
    // first render already has the results.
    await page.addInitScript({
      content: `window.__sawLoading = false;
        new MutationObserver(function () {
          if (document.body && document.body.textContent.indexOf('Szukam połączeń') >= 0) window.__sawLoading = true;
        }).observe(document, { subtree: true, childList: true, characterData: true });`,
    });
    const calls = recordApiCalls(page);

    await page.goto(`/search?tripMode=one_way&start=${start}&end=${end}&date=${warsawDay(1)}`);
    await expect(page.getByRole('radio', { name: /odjazd/ }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(await page.evaluate('window.__sawLoading')).toBe(false);
    const count = (call: string) => calls.filter((c) => c === call).length;
    expect(count('POST /api/search/search/index')).toBe(1);
    expect(count('GET /api/company/company/get-public-settings')).toBe(1);
    expect(count('GET /api/app/menu/get-menu')).toBe(3);
    expect(count('GET /api/app/banner/all')).toBe(1);

    // index.html preloaded the app's start and this page's chunk, each with its messages in Polish only
    // (`x.pl.js`, docs/web.md 'Messages load with the code that shows them'); once idle, the likely
    // next pages were prefetched (downloaded, not run).
    const code = ':not([href$=".pl.js"]):not([href$=".en.js"])';
    await expect(page.locator(`link[rel="modulepreload"][href^="/assets/start-"]${code}`)).toHaveCount(1);
    await expect(page.locator('link[rel="modulepreload"][href^="/assets/start-"][href$=".pl.js"]')).toHaveCount(1);
    await expect(page.locator(`link[rel="modulepreload"][href^="/assets/search-"]${code}`)).not.toHaveCount(0);
    await expect(page.locator('link[rel="modulepreload"][href^="/assets/search-"][href$=".pl.js"]')).not.toHaveCount(0);
    await expect(page.locator('link[href$=".en.js"]')).toHaveCount(0);
    await expect(page.locator(`link[rel="prefetch"][href^="/assets/login-"]${code}`)).toHaveCount(1);
  });
});
