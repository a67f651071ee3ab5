// Reflow (WCAG 2.2 1.4.10) against the real backend: every customer page, in Polish and English, at
// 320, 360, 390 and 1280 px, scrolls only vertically (`scrollWidth <= innerWidth`) and its header's
// controls (the menu button on phones, the user button on desktop) are whole on screen. One order
// is placed and paid for the order pages, in a shared logged-in page (the tests run in order). A
// full-page screenshot of each page at 360 px is kept under test-results/. Last, the scroll position:
// a new page starts at its top, back returns to where the last one was left.
//
// It places one order (no coupon) on a course four days ahead, so it can run beside the booking
// specs on the same freshly seeded database.
import { expect, test, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test';

import { ticketsOnSuccessPage, warsawDay } from './booking-support';
import { ADMIN, dismissNotices, JAN, logIn } from './support';

const WIDTHS = [320, 360, 390, 1280] as const;
/** Below 62em (992 px) the header has the menu button; from there up, the desktop navigation. */
const DESKTOP_FROM = 992;

type Lang = 'pl' | 'en';
const PREFIX: Record<Lang, string> = { pl: '', en: '/en' };

/** Headings (h1) and buttons the tests wait for or press, in both languages. */
const TEXT = {
  home: { pl: 'Wyszukaj połączenie', en: 'Search connections' },
  search: { pl: 'Wyniki wyszukiwania', en: 'Search results' },
  order: { pl: 'Zamówienie biletów', en: 'Ticket order' },
  payment: { pl: 'Rezerwacja zapisana', en: 'Reservation saved' },
  stopRedirect: { pl: 'Zatrzymaj przekierowanie', en: 'Stop the redirect' },
  afterPayment: { pl: 'Czekamy na potwierdzenie płatności', en: 'Waiting for the payment confirmation' },
  success: { pl: 'Dziękujemy! Zamówienie opłacone', en: 'Thank you! Order paid' },
  login: { pl: 'Logowanie', en: 'Log in' },
  register: { pl: 'Rejestracja', en: 'Register' },
  forgot: { pl: 'Nie pamiętasz hasła?', en: 'Forgot your password?' },
  account: { pl: 'Twoje konto', en: 'Your account' },
  tickets: { pl: 'Twoje bilety', en: 'Your tickets' },
  ticket: { pl: 'Bilet', en: 'Ticket' },
  returnTicket: { pl: 'Zwrot biletu', en: 'Return a ticket' },
  stamps: { pl: 'Twoje pieczątki', en: 'Your stamps' },
  notFound: { pl: 'Nie znaleziono strony', en: 'Page not found' },
} as const;

const h1 = (page: Page, name: string | RegExp): Locator => page.getByRole('heading', { level: 1, name });

/** The id of the first stop whose name starts like `query`, from the endpoint the search form uses. */
async function stopId(page: Page, query: string): Promise<number> {
  const response = await page.request.get(`/api/route/waypoint/search-dropdown?q=${encodeURIComponent(query)}`);
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { id: number }[] };
  expect(data.length).toBeGreaterThan(0);
  return data[0]!.id;
}

/** Every visible link and button of the header lies whole within the viewport's width. */
async function expectHeaderFits(page: Page, width: number, innerWidth: number, name: string): Promise<void> {
  const header = page.getByRole('banner');
  const key =
    width < DESKTOP_FROM
      ? header.getByRole('button', { name: 'Menu', exact: true })
      : header.getByRole('button', { name: /^(Twoje bilety|Your tickets)/ });
  await expect(key, `${name} at ${width} px: the header's ${width < DESKTOP_FROM ? 'menu' : 'user'} button`).toBeVisible();
  const box = await key.boundingBox();
  expect(box, `${name} at ${width} px`).not.toBeNull();
  expect(box!.x, `${name} at ${width} px: the button's left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${name} at ${width} px: the button's right edge`).toBeLessThanOrEqual(innerWidth);
  // One line: a 2.75rem button; the user button once wrapped over three lines at 1280 px.
  expect(box!.height, `${name} at ${width} px: the button is one line high`).toBeLessThanOrEqual(48);

  for (const control of await header.locator('a:visible, button:visible').all()) {
    const text = (await control.textContent())?.trim();
    const rect = await control.boundingBox();
    if (!rect) continue;
    expect(rect.x, `${name} at ${width} px: "${text}" starts on screen`).toBeGreaterThanOrEqual(0);
    expect(rect.x + rect.width, `${name} at ${width} px: "${text}" ends on screen`).toBeLessThanOrEqual(innerWidth);
  }
}

/** The page's full width and the window's (the e2e code has no DOM types: an expression). */
function widths(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate<{ scrollWidth: number; innerWidth: number }>(
    '({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })',
  );
}

/**
 * The page at each width: no sideways scrolling and a header that fits; a full-page screenshot at
 * 360 px. The page must already show its content (callers wait for a heading), and the viewport is
 * left at 1280 px.
 */
async function expectReflow(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const size = await widths(page);
    expect(size.innerWidth).toBe(width);
    expect(size.scrollWidth, `${name}: the page is no wider than the window at ${width} px`).toBeLessThanOrEqual(size.innerWidth);
    await expectHeaderFits(page, width, size.innerWidth, name);
    if (width === 360) {
      const path = testInfo.outputPath(`${name}-360.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`${name}-360`, { path, contentType: 'image/png' });
    }
  }
}

/** The window's vertical scroll position. */
const scrollY = (page: Page) => page.evaluate<number>('Math.round(window.scrollY)');

test.describe('reflow from 320 px', () => {
  test.describe.configure({ mode: 'serial' });

  // Jan's page, shared by the tests in order: the booking in its tab carries from one to the next.
  let context: BrowserContext;
  let page: Page;
  const order = { hash: '', paymentUrl: '', ticketPath: '', searchPath: '' };

  test.beforeAll(async ({ browser }, testInfo) => {
    context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      locale: 'pl-PL',
      timezoneId: 'Europe/Warsaw',
      viewport: { width: 1280, height: 800 },
    });
    page = await context.newPage();
    await logIn(page, JAN);
    await dismissNotices(page);
    const [start, end] = [await stopId(page, 'Nisko'), await stopId(page, 'Kraków')];
    order.searchPath = `/search?tripMode=one_way&start=${start}&end=${end}&date=${warsawDay(4)}`;
  });

  test.afterAll(async () => {
    await context.close();
  });

  // One test per language: fourteen pages at four widths, with a full-page screenshot each, once
  // ran past the 30 s budget of a single test on a busy CI machine.
  for (const lang of ['pl', 'en'] as const) {
    test(`${lang}: pages a guest sees: home, login, register, forgot, return-ticket, a content page, 404`, async ({ page: guest }, testInfo) => {
      const at = PREFIX[lang];
      await guest.goto(at || '/');
      await expect(h1(guest, TEXT.home[lang])).toBeVisible();
      await dismissNotices(guest);
      await expectReflow(guest, testInfo, `${lang}-home`);

      await guest.goto(`${at}/login`);
      await expect(h1(guest, TEXT.login[lang])).toBeVisible();
      await expectReflow(guest, testInfo, `${lang}-login`);

      await guest.goto(`${at}/register`);
      await expect(h1(guest, TEXT.register[lang])).toBeVisible();
      await expectReflow(guest, testInfo, `${lang}-register`);

      await guest.goto(`${at}/forgot`);
      await expect(h1(guest, TEXT.forgot[lang])).toBeVisible();
      await expectReflow(guest, testInfo, `${lang}-forgot`);

      await guest.goto(`${at}/user/return-ticket`);
      await expect(h1(guest, TEXT.returnTicket[lang])).toBeVisible();
      await expectReflow(guest, testInfo, `${lang}-return-ticket`);

      await guest.goto(`${at}/regulamin`);
      await expect(guest.getByRole('article').getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expectReflow(guest, testInfo, `${lang}-content`);

      await guest.goto(`${at}/nie-ma-takiej-strony`);
      await expect(h1(guest, TEXT.notFound[lang])).toBeVisible();
      await expectReflow(guest, testInfo, `${lang}-not-found`);
    });
  }

  test('search results, the order form, the payment page and the page after payment', async () => {
    const testInfo = test.info();
    test.setTimeout(90_000);
    await page.goto(order.searchPath);
    await expect(h1(page, TEXT.search.pl)).toBeVisible();
    const course = page.getByRole('radio', { name: /^odjazd/ }).first();
    await expect(course).toBeVisible();
    await expectReflow(page, testInfo, 'pl-search');

    await course.check();
    await page.getByRole('button', { name: 'Dalej: dane biletów' }).click();
    await expect(h1(page, TEXT.order.pl)).toBeVisible();
    await expect(page.getByText(/^Cena za osobę: /)).toBeVisible();
    // Long values must wrap: a long company name and the invoice fields open.
    await page.getByLabel('Telefon').fill('+48 600 100 200');
    await page.getByRole('checkbox', { name: /Akceptuję regulamin/ }).check();
    await page.getByRole('checkbox', { name: /przetwarzanie moich danych/ }).check();
    await page.getByRole('checkbox', { name: 'Chcę otrzymać fakturę VAT' }).check();
    await page.getByLabel('NIP').fill('5260250274');
    await page.getByLabel('Nazwa firmy').fill('Przedsiębiorstwo Komunikacji Samochodowej i Przewozów Autokarowych „Podkarpacie” Sp. z o.o.');
    await page.getByLabel('Ulica i numer').fill('ul. Generała Władysława Sikorskiego 123/45');
    await page.getByLabel('Kod pocztowy').fill('37-400');
    await page.getByLabel('Miejscowość').fill('Nisko');
    await expectReflow(page, testInfo, 'pl-order');

    // The order button is at the bottom of a long form: the payment page must still open at its top.
    // The order's hash (for its links) comes from the placement's answer; the page shows its number.
    const placing = page.waitForResponse((r) => r.url().includes('/api/order/order/place') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }).click();
    order.hash = ((await (await placing).json()) as { data: { hash_id: string } }).data.hash_id;
    await expect(h1(page, TEXT.payment.pl)).toBeVisible();
    await page.getByRole('button', { name: TEXT.stopRedirect.pl }).click();
    await expect.poll(() => scrollY(page)).toBe(0);
    await expect(page.getByText(/^Numer rezerwacji: NB-\d{4}-\d{6}$/)).toBeVisible();
    order.paymentUrl = (await page.getByRole('link', { name: 'Przejdź do płatności teraz' }).getAttribute('href')) ?? '';
    expect(order.hash).not.toBe('');
    expect(order.paymentUrl).not.toBe('');
    await expectReflow(page, testInfo, 'pl-payment');

    // The same reservation in English (the booking lives in the tab, not in the address).
    await page.goto('/en/order/payment');
    await expect(h1(page, TEXT.payment.en)).toBeVisible();
    await page.getByRole('button', { name: TEXT.stopRedirect.en }).click();
    await expectReflow(page, testInfo, 'en-payment');

    await page.goto(`/en${order.searchPath}`);
    await expect(page.getByRole('radio', { name: /^departs/ }).first()).toBeVisible();
    await expectReflow(page, testInfo, 'en-search');

    await page.goto('/en/order/ticket');
    await expect(h1(page, TEXT.order.en)).toBeVisible();
    await expect(page.getByText(/^Price per person: /)).toBeVisible();
    await expectReflow(page, testInfo, 'en-order');

    for (const lang of ['pl', 'en'] as const) {
      await page.goto(`${PREFIX[lang]}/order/after-payment?hash_id=${encodeURIComponent(order.hash)}`);
      await expect(h1(page, TEXT.afterPayment[lang])).toBeVisible();
      await expectReflow(page, testInfo, `${lang}-after-payment`);
    }
  });

  test('after paying: the success page, my tickets, a ticket, my account, stamps', async () => {
    const testInfo = test.info();
    test.setTimeout(90_000);
    await page.goto(order.paymentUrl);
    await page.getByRole('button', { name: /^(Pay|Zapłać)$/ }).click();
    await expect(page).toHaveURL(/\/order\/success\/[\w-]+$/, { timeout: 30_000 });
    await expect(h1(page, TEXT.success.pl)).toBeVisible();
    const [ticket] = await ticketsOnSuccessPage(page, 'Bilety');
    expect(ticket?.number).toBeTruthy();
    await expectReflow(page, testInfo, 'pl-success');

    await page.goto(`/en/order/success/${encodeURIComponent(order.hash)}`);
    await expect(h1(page, TEXT.success.en)).toBeVisible();
    await expect(page.getByRole('img', { name: /^QR code of ticket / }).first()).toBeVisible();
    await expectReflow(page, testInfo, 'en-success');

    for (const lang of ['pl', 'en'] as const) {
      const at = PREFIX[lang];
      await page.goto(`${at}/user/your-tickets`);
      await expect(h1(page, TEXT.tickets[lang])).toBeVisible();
      const link = page.getByRole('link', { name: `${TEXT.ticket[lang]} ${ticket?.number}` });
      await expect(link).toBeVisible();
      await expectReflow(page, testInfo, `${lang}-my-tickets`);

      // The page a driver is shown: departure, arrival and the order link must all be on screen.
      await link.click();
      await expect(h1(page, `${TEXT.ticket[lang]} ${ticket?.number}`)).toBeVisible();
      await expect(page.getByRole('img', { name: new RegExp(`${ticket?.number}$`) })).toBeVisible();
      await expectReflow(page, testInfo, `${lang}-ticket`);

      await page.goto(`${at}/user/user`);
      await expect(h1(page, TEXT.account[lang])).toBeVisible();
      await expectReflow(page, testInfo, `${lang}-account`);

      await page.goto(`${at}/user/stamps`);
      await expect(h1(page, TEXT.stamps[lang])).toBeVisible();
      await expect(page.getByRole('img', { name: /\d+/ })).toBeVisible();
      await expectReflow(page, testInfo, `${lang}-stamps`);
    }
  });

  test('the header fits with a SuperAdmin’s admin link, in both languages', async ({ page: admin }, testInfo) => {
    await logIn(admin, ADMIN);
    await dismissNotices(admin);
    for (const lang of ['pl', 'en'] as const) {
      await admin.goto(`${PREFIX[lang]}/regulamin`);
      await expect(admin.getByRole('link', { name: /^(Panel administracyjny|Admin panel)$/ })).toBeVisible();
      await expectReflow(admin, testInfo, `${lang}-admin-header`);
      // Between phone and wide desktop too: the navigation wraps, the user button stays one line.
      await admin.setViewportSize({ width: DESKTOP_FROM, height: 800 });
      const size = await widths(admin);
      expect(size.scrollWidth).toBeLessThanOrEqual(size.innerWidth);
      await expectHeaderFits(admin, DESKTOP_FROM, size.innerWidth, `${lang}-admin-header`);

      // The open mobile menu at 320 px, with the admin entry and the user's name.
      await admin.setViewportSize({ width: 320, height: 800 });
      await admin.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
      const panel = admin.getByRole('navigation', { name: /^(Menu mobilne|Mobile menu)$/ });
      await expect(panel.getByRole('link', { name: /^(Panel administracyjny|Admin panel)$/ })).toBeVisible();
      const open = await widths(admin);
      expect(open.scrollWidth, `${lang}: the open mobile menu at 320 px`).toBeLessThanOrEqual(open.innerWidth);
      const path = testInfo.outputPath(`${lang}-admin-mobile-menu-320.png`);
      await admin.screenshot({ path });
      await testInfo.attach(`${lang}-admin-mobile-menu-320`, { path, contentType: 'image/png' });
      await admin.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
      await expect(panel).toBeHidden();
      await admin.setViewportSize({ width: 1280, height: 800 });
    }
  });

  test('a new page starts at its top; back returns to where the last page was left', async ({ page: guest }) => {
    await guest.setViewportSize({ width: 360, height: 800 });
    await guest.goto(order.searchPath);
    await dismissNotices(guest);
    const courses = guest.getByRole('radio', { name: /^odjazd/ });
    await expect(courses.first()).toBeVisible();

    // Far down the results, the last course and "continue".
    await courses.last().check();
    const next = guest.getByRole('button', { name: 'Dalej: dane biletów' });
    await next.scrollIntoViewIfNeeded();
    const left = await scrollY(guest);
    // Far enough down to tell a restored position from the top (the form above the results folds
    // into one line on a phone, so the list starts higher than it did: issue #30).
    expect(left).toBeGreaterThan(500);

    await next.click();
    await expect(h1(guest, TEXT.order.pl)).toBeVisible();
    await expect.poll(() => scrollY(guest)).toBe(0);

    await guest.goBack();
    await expect(h1(guest, TEXT.search.pl)).toBeVisible();
    await expect.poll(async () => Math.abs((await scrollY(guest)) - left)).toBeLessThanOrEqual(1);

    // A link in the footer of a long page: the next page starts at its top as well.
    await guest.getByRole('contentinfo').getByRole('link', { name: 'Regulamin' }).click();
    await expect(h1(guest, 'Regulamin')).toBeVisible();
    await expect.poll(() => scrollY(guest)).toBe(0);
  });
});
