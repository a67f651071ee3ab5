// The passenger on a phone (issue #30), in Polish and English against the real backend: the first
// screen shows the search fields, the results come into view after searching (the form folds into one
// line), times stay on one line, an expired reservation says so and offers the same search again, and
// coming back from the gateway does not send the customer there again by itself.
import { expect, test, type Locator, type Page } from '@playwright/test';

import { apiPlaceAndPay, apiSearch, apiStopId, apiTicketNumbers, warsawDay } from './booking-support';
import { reserve, search, UI, type Lang } from './passenger-support';

test.use({ viewport: { width: 360, height: 740 } });

/** In the page: whether the first stop field's placeholder fits its inner width (measured on a canvas). */
const PLACEHOLDER_FITS = `(() => {
  const input = document.querySelector('input[role="combobox"]');
  const style = getComputedStyle(input);
  const context = document.createElement('canvas').getContext('2d');
  context.font = style.fontWeight + ' ' + style.fontSize + ' ' + style.fontFamily;
  const inner = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return context.measureText(input.placeholder).width <= inner;
})()`;

/** The top of the cookie notice (it covers the bottom of the screen until accepted). */
async function cookieTop(page: Page, lang: Lang): Promise<number> {
  const box = await page.getByRole('region', { name: UI[lang].cookies }).boundingBox();
  return box?.y ?? page.viewportSize()?.height ?? 0;
}

/** Whether `locator` lies wholly on the first screen, above the cookie notice. */
async function onFirstScreen(page: Page, lang: Lang, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= (await cookieTop(page, lang));
}

for (const lang of ['pl', 'en'] as const) {
  const ui = UI[lang];

  test(`${lang}: the first screen of a phone shows the search fields, their placeholder whole`, async ({ page }) => {
    await page.goto(`${ui.prefix}/`);
    const from = page.getByRole('combobox', { name: ui.from });
    await expect(from).toBeVisible();
    expect(await onFirstScreen(page, lang, from), 'the first stop field above the cookie notice').toBe(true);
    // The placeholder's text fits the field's inner width (it was cut off: "Wpisz miejscowość lub przys").
    const fits = await page.evaluate<boolean>(PLACEHOLDER_FITS);
    expect(fits, 'the placeholder fits its field').toBe(true);
  });

  test(`${lang}: after searching, the results come into view and the form folds into one line`, async ({ page }, testInfo) => {
    await page.goto(`${ui.prefix}/`);
    await search(page, lang, 2);

    // The first connection's choice and times on the first screen (they were some 500 px down).
    const first = page.locator('.connection').first();
    await expect(first).toBeVisible();
    expect(await onFirstScreen(page, lang, first.locator('.connection__times')), 'the first connection’s times on the first screen').toBe(true);
    expect(await onFirstScreen(page, lang, first.getByRole('radio')), 'the first connection’s radio on the first screen').toBe(true);
    // The times of every connection on one line ("05:00 → 08:55", not "05:00 / → / 08:55").
    const lines = await page.evaluate<number[]>(
      `[...document.querySelectorAll('.connection__times > [aria-hidden="true"]')].map((span) => span.getClientRects().length)`,
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines)).toEqual(new Set([1]));
    await page.screenshot({ path: testInfo.outputPath(`search-results-${lang}-360.png`), fullPage: false });

    // The form is one line with "change", which opens it with the search filled in.
    const from = page.getByRole('combobox', { name: ui.from });
    await expect(from).toBeHidden();
    await page.getByRole('button', { name: ui.changeSearch }).click();
    await expect(from).toBeVisible();
    await expect(from).toBeFocused();
    await expect(from).toHaveValue(/^Nisko, Dworzec Autobusowy/);
  });

  test(`${lang}: the footer's phone number stays on one line`, async ({ page }) => {
    await page.goto(`${ui.prefix}/`);
    const phone = page.locator('.site-footer a[href^="tel:"]').first();
    await expect(phone).toBeVisible();
    expect(await page.evaluate<number>(`document.querySelector('.site-footer a[href^="tel:"]').getClientRects().length`)).toBe(1);
  });

  test(`${lang}: an expired reservation says so and searches the same connection again`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await page.clock.install();
    await reserve(page, lang, 5);
    await page.getByRole('button', { name: ui.stop }).click();

    // The time to pay runs out (15 minutes).
    await page.clock.fastForward('16:00');
    await expect(page.getByRole('heading', { level: 1, name: ui.expired })).toBeVisible();
    await expect(page.getByText(ui.saved)).toHaveCount(0);
    await expect(page.getByText(ui.toPay)).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`expired-reservation-${lang}-360.png`), fullPage: true });

    await page.getByRole('link', { name: ui.searchAgain }).click();
    await expect(page).toHaveURL(new RegExp(`${ui.prefix}/search\\?tripMode=one_way&start=\\d+&end=\\d+&date=${warsawDay(5)}$`));
    await expect(page.getByRole('heading', { level: 1, name: ui.results })).toBeVisible();
    await expect(page.getByRole('radio', { name: ui.departs }).first()).toBeVisible();
    // The form above the results (folded on a phone) holds the same search.
    await page.getByRole('button', { name: ui.changeSearch }).click();
    await expect(page.getByRole('combobox', { name: ui.from })).toHaveValue(/^Nisko, Dworzec Autobusowy/);
    await expect(page.getByRole('combobox', { name: ui.to })).toHaveValue(/^Kraków, MDA Dworzec Autobusowy/);
  });

  test(`${lang}: back from the payment gateway offers to pay or cancel, with no redirect again`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.clock.install();
    await reserve(page, lang, 6);
    // The page goes to the gateway by itself after 5 seconds.
    await page.clock.fastForward(6_000);
    await expect(page).toHaveURL(/\/payment\/sandbox\//);

    await page.goBack();
    await expect(page).toHaveURL(/\/order\/payment$/);
    await expect(page.getByRole('link', { name: ui.pay, exact: true })).toBeVisible();
    await expect(page.getByText(ui.countdown)).toHaveCount(0);
    await page.clock.fastForward(10_000);
    await expect(page).toHaveURL(/\/order\/payment$/);

    // Cancel ends the reservation (its seats go back) and the page says so, offering the same search.
    await page.getByRole('button', { name: ui.cancel, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: ui.cancelled })).toBeVisible();
    await expect(page).toHaveURL(/\/order\/payment$/);
    await expect(page.getByRole('link', { name: ui.searchAgain })).toBeVisible();
  });
}

test('printing the success page prints the trip and the tickets, not the site around them', async ({ page, request }) => {
  const from = await apiStopId(request, 'Nisko');
  const to = await apiStopId(request, 'Krak');
  const [course] = await apiSearch(request, from, to, warsawDay(7));
  if (!course) throw new Error('no course Nisko → Kraków');
  const placed = await apiPlaceAndPay(request, {
    course,
    from,
    to,
    passengers: 1,
    customer: { first_name: 'Ewa', last_name: 'Nowak', email: 'ewa.nowak@example.com' },
  });
  await apiTicketNumbers(request, placed.hash_id, 1);
  await page.goto(`/order/success/${placed.hash_id}`);
  await expect(page.getByRole('img', { name: /^Kod QR biletu / })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  for (const chrome of [page.getByRole('banner'), page.getByRole('contentinfo'), page.getByRole('region', { name: 'Komunikaty' })]) {
    await expect(chrome).toBeHidden();
  }
  await expect(page.getByRole('region', { name: UI.pl.cookies })).toBeHidden();
  await expect(page.getByRole('button', { name: /Drukuj/ })).toBeHidden();
  await expect(page.getByRole('img', { name: /^Kod QR biletu / })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Bilety' })).toBeVisible();
});
