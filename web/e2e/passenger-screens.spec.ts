// The four passenger screens of issue #30, in Polish and in English, on a 360 px phone against the real
// backend: each is driven to its state, what it must show is asserted, axe finds nothing serious, and
// a screenshot is kept under test-results/ (passenger-screens-*/{screen}-{lang}-360.png) for a person
// to look at:
// - a ticket's page right after its course was changed (the new departure, the new QR code, no old one);
// - an expired reservation (says so, offers the same search, asks for no payment);
// - the search results (the first one in view, nothing scrolling sideways);
// - a return's confirmation (what comes back and where, as one sum that adds up) and its result.
import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';

import { apiSearch, apiStopId, jansTicket, warsawDay } from './booking-support';
import { reserve, search, UI, type Lang } from './passenger-support';
import { dismissNotices, expectAccessible, JAN, logIn } from './support';

test.use({ viewport: { width: 360, height: 740 } });

/** The texts of the ticket's page, per language. */
const TICKET = {
  pl: {
    ticket: 'Bilet',
    qr: 'Kod QR biletu',
    departure: 'Odjazd',
    change: 'Zmień kurs',
    start: 'Wybierz nowy kurs',
    sameFare: /bez dopłaty/,
    next: 'Dalej',
    confirm: 'Tak, zmień kurs',
    changed: 'Kurs biletu został zmieniony.',
    returnButton: 'Zwróć bilet',
    question: /^Czy na pewno chcesz zwrócić bilet/,
    toCard: /na kartę lub konto, z którego zapłacono/,
    confirmReturn: 'Tak, zwróć bilet',
    returned: (number: string) => `Bilet ${number} został zwrócony.`,
  },
  en: {
    ticket: 'Ticket',
    qr: 'QR code of ticket',
    departure: 'Departure',
    change: 'Change the departure',
    start: 'Choose another departure',
    sameFare: /no extra charge/,
    next: 'Next',
    confirm: 'Yes, move the ticket',
    changed: 'The ticket has been moved to the new departure.',
    returnButton: 'Return the ticket',
    question: /^Do you really want to return ticket/,
    toCard: /to the card or account you paid with/,
    confirmReturn: 'Yes, return the ticket',
    returned: (number: string) => `Ticket ${number} has been returned.`,
  },
} as const;

/** The texts back from the gateway, per language (the sandbox's button, the after-payment page's). */
const GATEWAY = {
  pl: { goNow: 'Przejdź do płatności teraz', fail: 'Odrzuć płatność', failed: 'Płatność nie powiodła się', payAgain: 'Zapłać ponownie', cancel: 'Anuluj rezerwację' },
  en: { goNow: 'Go to payment now', fail: 'Fail payment', failed: 'The payment failed', payAgain: 'Pay again', cancel: 'Cancel the reservation' },
} as const;

/** Nothing on the page is wider than the screen (no sideways scroll). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate<{ scroll: number; client: number }>(
    `({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })`,
  );
  expect(widths.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(widths.client);
}

/**
 * On how many lines `text` (a ticket number) lies inside the first element matching `selector`: a
 * number broken at its hyphens ("NK-2026-" / "000012") cannot be read off or typed in as it is.
 */
async function linesOf(page: Page, selector: string, text: string): Promise<number> {
  return page.evaluate<number>(`(${LINES_OF})(${JSON.stringify(selector)}, ${JSON.stringify(text)})`);
}

/** In the page (the e2e types have no DOM): the distinct line bottoms of a text's range. */
const LINES_OF = `(css, wanted) => {
  const root = document.querySelector(css);
  if (!root) return 0;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes = [];
  let all = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push({ node, start: all.length });
    all += node.textContent;
  }
  const at = all.indexOf(wanted);
  if (at < 0) return 0;
  const place = (offset) => { const hit = [...nodes].reverse().find((n) => n.start <= offset); return [hit.node, offset - hit.start]; };
  const range = document.createRange();
  range.setStart(...place(at));
  const end = place(at + wanted.length - 1);
  range.setEnd(end[0], end[1] + 1);
  return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom))).size;
}`;

/** A full-page screenshot kept for a person to look at. */
async function keep(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}-360.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** A screenshot of one part of the page (a long page's detail is too small to read in the full one). */
async function keepPart(locator: Locator, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}-360-part.png`);
  await locator.screenshot({ path });
  await testInfo.attach(`${name}-part`, { path, contentType: 'image/png' });
}

/** The grosze of every amount in a text ("39,00 zł", "PLN 39.00", "1 234,50 zł"). */
function amounts(text: string): number[] {
  return [...text.matchAll(/(\d[\d\s\u00a0\u202f,]*?)[.,](\d\d)(?!\d)/g)].map(
    ([, whole = '', cents = '']) => Number(whole.replace(/[^\d]/g, '')) * 100 + Number(cents),
  );
}

/** Jan, logged in, on the page of his ticket `number`, in the language `lang` (his list grows with every run: by its id). */
async function openTicket(page: Page, request: APIRequestContext, lang: Lang, number: string, token: string): Promise<void> {
  const found = await request.post('/api/user/user/my-tickets', {
    headers: { Authorization: `Bearer ${token}` },
    params: { 'per-page': 1, 'filter[number][eq]': number },
    data: {},
  });
  const [ticket] = ((await found.json()) as { data: { models: { id: string }[] } }).data.models;
  if (!ticket) throw new Error(`Jan has no ticket ${number}`);
  // The header names the user at desktop width (a phone folds it into the menu); the rest on the phone.
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, JAN);
  await dismissNotices(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${UI[lang].prefix}/user/your-tickets/${ticket.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${TICKET[lang].ticket} ${number}` })).toBeVisible();
}

/** The QR code the server now gives the ticket, as the page shows it (a data: URL of its SVG). */
async function serverQr(request: APIRequestContext, hashId: string, number: string): Promise<string> {
  const answer = await request.get('/api/order/order/success-data', { params: { hash_id: hashId } });
  const tickets = ((await answer.json()) as { data: { tickets: { number: string; qr_svg: string }[] } }).data.tickets;
  const svg = tickets.find((ticket) => ticket.number === number)?.qr_svg ?? '';
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

for (const lang of ['pl', 'en'] as const) {
  const ui = UI[lang];
  const t = TICKET[lang];

  test(`${lang}: the ticket page after a course change shows the new departure and its new QR code`, async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const { order, number, jan } = await jansTicket(request, lang === 'pl' ? 8 : 9);
    await openTicket(page, request, lang, number, jan);
    // The heading's ticket number stays whole on a phone.
    expect(await linesOf(page, 'h1', number), 'the ticket number on one line').toBe(1);
    const qr = page.getByRole('img', { name: `${t.qr} ${number}` });
    await expect(qr).toBeVisible();
    const oldQr = await qr.getAttribute('src');
    const departure = page.locator('.ticket-detail__facts > div', { has: page.getByText(t.departure, { exact: true }) }).locator('dd');
    const oldDeparture = await departure.innerText();
    const [, oldDay = '', oldTime = ''] = /^(.*), (\d\d:\d\d) /.exec(oldDeparture) ?? [];

    const section = page.getByRole('region', { name: t.change });
    await section.getByRole('button', { name: t.start }).click();
    const item = section.getByRole('listitem').filter({ hasText: t.sameFare }).first();
    const option = item.getByRole('radio');
    // "{date}, odjazd {time}, przyjazd {arrival}": the day and the time the ticket moves to.
    const when = await item.locator('.change-course__when').innerText();
    const [, newDay = '', newTime = ''] = /^(.*), \S+ (\d\d:\d\d),/.exec(when) ?? [];
    await option.check();
    await section.getByRole('button', { name: t.next }).click();
    await section.getByRole('button', { name: t.confirm }).click();
    await expect(section.getByText(t.changed)).toBeVisible();

    // At once, without a reload: the new departure, not the old one, and the new course's QR code.
    expect(newTime, when).not.toBe('');
    // The list starts at the ticket's own day (the first course of a day with others after it), however
    // far ahead the ticket is: the next 30 courses from now used to end days before it.
    expect(newDay, 'the first departure offered is on the ticket’s own day').toBe(oldDay);
    await expect(departure).toContainText(`${newDay}, ${newTime}`);
    await expect(departure).not.toHaveText(oldDeparture);
    await expect(page.getByText(oldDeparture)).toHaveCount(0);
    const newQr = await serverQr(request, order.hash_id, number);
    expect(newQr).not.toBe(oldQr);
    await expect(qr).toHaveAttribute('src', newQr);

    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo, `ticket-changed-${lang}`);
    await keep(page, testInfo, `ticket-changed-${lang}`);
    await keepPart(page.locator('.ticket-detail'), testInfo, `ticket-changed-${lang}`);

    // The order's page (linked from the ticket and the e-mail) shows the ticket on its new course too.
    await page.getByRole('link', { name: /^NB-\d{4}-\d{6}$/ }).click();
    await expect(page.getByRole('img', { name: `${t.qr} ${number}` })).toHaveAttribute('src', newQr);
    const main = page.locator('main');
    await expect(main).toContainText(newDay);
    await expect(main).toContainText(newTime);
    // The old course is gone: its day, or its time when the ticket moved within the day.
    await expect(main).not.toContainText(oldDay === newDay ? oldTime : oldDay);
  });

  test(`${lang}: an expired reservation says so and offers the same search, with nothing to pay`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await page.clock.install();
    await reserve(page, lang, 10);
    await page.getByRole('button', { name: ui.stop }).click();
    await dismissNotices(page);
    await page.clock.fastForward('16:00');

    await expect(page.getByRole('heading', { level: 1, name: ui.expired })).toBeVisible();
    await expect(page.getByText(ui.saved)).toHaveCount(0);
    await expect(page.getByText(ui.toPay)).toHaveCount(0);
    await expect(page.getByRole('link', { name: ui.pay, exact: true })).toHaveCount(0);
    const again = page.getByRole('link', { name: ui.searchAgain });
    await expect(again).toHaveAttribute('href', new RegExp(`^${ui.prefix}/search\\?tripMode=one_way&start=\\d+&end=\\d+&date=${warsawDay(10)}$`));

    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo, `expired-reservation-${lang}`);
    await keep(page, testInfo, `expired-reservation-${lang}`);
  });

  test(`${lang}: the search results come into view at 360 px and nothing scrolls sideways`, async ({ page }, testInfo) => {
    await page.goto(`${ui.prefix}/`);
    await dismissNotices(page);
    await search(page, lang, 3);

    const first = page.getByRole('radio', { name: ui.departs }).first();
    await expect(first).toBeInViewport();
    await expect(page.locator('.connection').first().locator('.connection__times')).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo, `search-results-${lang}`);
    // As the phone shows it after searching (the first screen), and the whole list.
    const path = testInfo.outputPath(`search-results-${lang}-360-screen.png`);
    await page.screenshot({ path });
    await testInfo.attach(`search-results-${lang}-screen`, { path, contentType: 'image/png' });
    await keep(page, testInfo, `search-results-${lang}`);
  });

  test(`${lang}: a return's confirmation says what comes back and where, as one sum that adds up`, async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const { number, jan } = await jansTicket(request, lang === 'pl' ? 11 : 12);
    await openTicket(page, request, lang, number, jan);
    await page.getByRole('button', { name: t.returnButton }).click();

    const confirmation = page.getByRole('group', { name: t.question });
    await expect(confirmation).toBeVisible();
    expect(await linesOf(page, '.return-confirm__title', number), 'the ticket number on one line').toBe(1);
    const quote = confirmation.locator('.return-confirm__quote');
    const [price = 0, fee = 0, back = 0] = amounts(await quote.locator('p').innerText());
    expect(price).toBeGreaterThan(0);
    expect(fee).toBeGreaterThan(0);
    expect(price - fee, 'price − fee = what comes back').toBe(back);
    const parts = await quote.getByRole('listitem').allInnerTexts();
    expect(parts.map((part) => amounts(part)[0] ?? 0).reduce((sum, part) => sum + part, 0), 'the parts add up').toBe(back);
    expect(parts.join('\n')).toMatch(t.toCard);

    await expectNoSidewaysScroll(page);
    await expectAccessible(page, testInfo, `return-confirmation-${lang}`);
    await keep(page, testInfo, `return-confirmation-${lang}`);
    await keepPart(page.locator('.ticket-detail__return'), testInfo, `return-confirmation-${lang}`);

    await confirmation.getByRole('button', { name: t.confirmReturn }).click();
    const result = page.getByRole('status').filter({ hasText: t.returned(number) });
    await expect(result).toBeVisible();
    // The result repeats the same sum: what came back is the amount confirmed.
    expect(amounts(await result.innerText())).toContain(back);
    await expectNoSidewaysScroll(page);
    await keep(page, testInfo, `return-result-${lang}`);
    await keepPart(page.locator('.ticket-detail__return'), testInfo, `return-result-${lang}`);
  });

  test(`${lang}: back from a failed payment, the reservation is cancelled from the after-payment page`, async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const g = GATEWAY[lang];
    const [from, to] = [await apiStopId(request, 'Nisko'), await apiStopId(request, 'Krak')];
    const seats = async () => (await apiSearch(request, from, to, warsawDay(13)))[0]?.seats_available ?? -1;
    const before = await seats();
    await reserve(page, lang, 13);
    await page.getByRole('button', { name: ui.stop }).click();
    await page.getByRole('link', { name: g.goNow }).click();
    await expect(page).toHaveURL(/\/payment\/sandbox\//);
    await page.getByRole('button', { name: g.fail }).click();

    await expect(page).toHaveURL(new RegExp(`${ui.prefix}/order/after-payment\\?hash_id=\\w+&failed=1$`));
    await expect(page.getByRole('heading', { level: 1, name: g.failed })).toBeVisible();
    await expect(page.getByRole('button', { name: g.payAgain })).toBeEnabled();
    expect(await seats(), 'the reservation holds a seat').toBe(before - 1);
    await dismissNotices(page);
    await expectAccessible(page, testInfo, `payment-failed-${lang}`);
    await keep(page, testInfo, `payment-failed-${lang}`);
    await page.getByRole('button', { name: g.cancel }).click();

    await expect(page.getByRole('heading', { level: 1, name: ui.cancelled })).toBeVisible();
    await expect(page.getByRole('button', { name: g.payAgain })).toHaveCount(0);
    await expect(page.getByRole('link', { name: ui.searchAgain })).toHaveAttribute(
      'href',
      new RegExp(`^${ui.prefix}/search\\?tripMode=one_way&start=${from}&end=${to}&date=${warsawDay(13)}$`),
    );
    expect(await seats(), 'the seat is back on sale').toBe(before);
    await expectAccessible(page, testInfo, `reservation-cancelled-${lang}`);
    await keep(page, testInfo, `reservation-cancelled-${lang}`);
  });
}
