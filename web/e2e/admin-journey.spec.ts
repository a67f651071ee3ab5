// The admin panel against the real backend: an admin builds a new connection from scratch (two stops,
// a route through them with a price and a timetable, generated courses) and a guest then finds its
// course and orders it; site content edited in the panel (a banner, a menu item, the footer) shows on the public
// site; users and guests are sent away from /admin. Run on a freshly seeded database.
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

import { warsawDay } from './booking-support';
import { ADMIN, expectAccessible, JAN, logIn } from './support';

const run = Date.now().toString(36).slice(-5);

async function saveForm(page: Page) {
  await page.getByRole('button', { name: 'Zapisz', exact: true }).first().click();
  await expect(page.getByText('Zapisano zmiany.')).toBeVisible();
}

async function newWaypoint(page: Page, name: string, town: string): Promise<string> {
  await page.goto('/admin/route/waypoint');
  await page.getByRole('link', { name: 'Dodaj' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nowy przystanek' })).toBeVisible();
  await page.getByLabel('Nazwa').fill(name);
  await page.getByLabel('Miejscowość').fill(town);
  await saveForm(page);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return /\/waypoint\/(\d+)$/.exec(page.url())?.[1] ?? '';
}

test('an admin builds a connection that a guest then finds', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  await logIn(page, ADMIN);

  // A bad save keeps what was typed and says why at the field.
  await page.goto('/admin/route/waypoint/new');
  await page.getByLabel('Nazwa').fill(`Przystanek ${run}`);
  await page.getByLabel('Szerokość geogr.').fill('95');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page.getByLabel('Miejscowość')).toHaveAccessibleDescription('To pole jest wymagane.');
  await expect(page.getByLabel('Szerokość geogr.')).toHaveAccessibleDescription(/Podaj wartość od -90 do 90/);
  await expect(page.getByLabel('Nazwa')).toHaveValue(`Przystanek ${run}`);
  await expectAccessible(page, testInfo, 'waypoint-errors');

  const firstName = `Zalesie ${run}, Rynek`;
  const lastName = `Borki ${run}, Szkoła`;
  const first = await newWaypoint(page, firstName, `Zalesie ${run}`);
  const last = await newWaypoint(page, lastName, `Borki ${run}`);

  // The route, marked for the home page
  await page.goto('/admin/route/route/new');
  await page.getByLabel('Nazwa').fill(`Zalesie – Borki ${run}`);
  await page.getByLabel('Na stronie głównej').check();
  await saveForm(page);
  await expect(page).toHaveURL(/\/admin\/route\/route\/\d+$/);
  const routeId = page.url().split('/').pop() ?? '';

  // Its stops: added in the wrong order, then put right with the keyboard; saved in one request
  const writes: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() !== 'GET' && path.startsWith('/api/route/route-')) writes.push(`${request.method()} ${path}`);
  });
  const stops = page.getByRole('region', { name: 'Przystanki trasy' });
  for (const name of [lastName, firstName]) {
    await stops.getByLabel('Wybierz przystanek').selectOption({ label: name });
    await stops.getByRole('button', { name: 'Dodaj przystanek' }).click();
  }
  await stops.getByRole('button', { name: `W górę: ${firstName}` }).focus();
  await page.keyboard.press('Enter');
  await expect(stops.getByRole('row').nth(1)).toContainText(firstName);
  await stops.getByLabel(`Minuty od startu: ${firstName}`).fill('0');
  await stops.getByLabel(`Minuty od startu: ${lastName}`).fill('40');
  await stops.getByRole('button', { name: 'Zapisz przystanki' }).click();
  await expect(page.getByText('Zapisano.')).toBeVisible();
  expect(writes).toEqual(['PUT /api/route/route-waypoint/save-list']);

  // The price grid: a zero price is refused at its cell before anything is sent; then filled from a rate
  const prices = page.getByRole('region', { name: 'Ceny (zł) dla par przystanków', exact: true });
  const cell = prices.getByLabel(`Cena ${firstName} → ${lastName}`);
  await cell.fill('0');
  await prices.getByRole('button', { name: 'Zapisz ceny' }).click();
  await expect(prices.getByRole('alert')).toContainText('Nie zapisano: 1 cena jest błędna.');
  await expect(cell).toHaveAttribute('aria-invalid', 'true');
  await expect(cell).toHaveAccessibleDescription(new RegExp(`^Cena ${firstName} → ${lastName}:`));
  await cell.fill('');
  await prices.getByLabel('Stawka (zł za minutę jazdy)').fill('0,30');
  await prices.getByRole('button', { name: 'Wypełnij puste ze stawki' }).click();
  await expect(prices.getByLabel(`Cena ${firstName} → ${lastName}`)).toHaveValue('12,00');
  await prices.getByRole('button', { name: 'Zapisz ceny' }).click();
  await expect(page.getByText('Zapisano.').first()).toBeVisible();
  expect(writes).toEqual(['PUT /api/route/route-waypoint/save-list', 'PUT /api/route/route-price/save-grid']);

  // A timetable: every day at 06:15, 20 seats, three days ahead
  const timetables = page.getByRole('region', { name: 'Rozkłady jazdy' });
  await timetables.getByLabel('Godziny odjazdów').fill('06:15');
  await timetables.getByRole('checkbox', { name: 'sob' }).check();
  await timetables.getByRole('checkbox', { name: 'nd' }).check();
  await timetables.getByLabel('Miejsca').fill('20');
  await timetables.getByLabel('Generuj na dni naprzód').fill('3');
  await timetables.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(timetables.getByRole('heading', { level: 3, name: /^\d+$/ })).toBeVisible();
  await expectAccessible(page, testInfo, 'route-built');

  // Generate its courses, after seeing what will be created
  await page.goto('/admin/course/course');
  const generate = page.getByRole('region', { name: 'Generowanie kursów z rozkładów' });
  await generate.getByLabel('Trasa').selectOption({ label: `Zalesie – Borki ${run}` });
  await generate.getByRole('button', { name: 'Pokaż, co powstanie' }).click();
  await expect(generate.getByRole('row')).toHaveCount(2);
  // The server's dry run: at most 3 departures (today's 06:15 may be gone), none existing yet
  const total = generate.getByText(/^Generowanie utworzy kursów: [1-3]; już istnieje: 0\.$/);
  await expect(total).toBeVisible();
  const planned = /kursów: (\d)/.exec((await total.textContent()) ?? '')?.[1];
  await generate.getByRole('button', { name: 'Generuj' }).click();
  await expect(generate.getByRole('status')).toContainText(`Utworzono kursów: ${planned}; istniało już: 0`);

  // A guest finds tomorrow's course, and the route among the home page's quick links
  const guest = await browser.newPage();
  await guest.goto(`/search?tripMode=one_way&start=${first}&end=${last}&date=${warsawDay(1)}`);
  await expect(guest.getByRole('heading', { level: 1, name: 'Wyniki wyszukiwania' })).toBeVisible();
  const course = guest.getByRole('radio', { name: /odjazd 06:15/ });
  await expect(course.locator('xpath=ancestor::label')).toContainText('12,00 zł');
  // ...and orders it.
  await course.check();
  await guest.getByRole('button', { name: 'Dalej: dane biletów' }).click();
  await expect(guest).toHaveURL(/\/order\/ticket$/);
  await guest.getByLabel('Imię').fill('Ewa');
  await guest.getByLabel('Nazwisko').fill('Nowak');
  await guest.getByLabel('Adres e-mail').fill('ewa.nowak@example.com');
  await guest.getByLabel('Telefon').fill('+48 600 200 300');
  await guest.getByRole('checkbox', { name: /Akceptuję regulamin/ }).check();
  await guest.getByRole('checkbox', { name: /przetwarzanie moich danych/ }).check();
  await guest.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }).click();
  await expect(guest.getByRole('heading', { level: 1, name: 'Rezerwacja zapisana' })).toBeVisible();
  await guest.goto('/');
  await expect(guest.getByRole('link', { name: new RegExp(`Zalesie – Borki ${run}`) })).toBeVisible();
  await guest.close();

  // The admin sees the guest's seat taken on the course's one segment
  const day = warsawDay(1);
  await page.goto(`/admin/course/course?filter[route_id][eq]=${routeId}&filter[date][gte]=${day}&filter[date][lte]=${day}`);
  await page.getByRole('table').getByRole('link').first().click();
  const load = page.getByRole('region', { name: 'Obłożenie odcinków', exact: true });
  await expect(async () => {
    await page.reload();
    await expect(load.getByRole('row').nth(1)).toContainText(`${firstName} → ${lastName}1 / 20`, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByLabel(/^Trasa/).locator('option:checked')).toHaveText(`Zalesie – Borki ${run}`);
  await expectAccessible(page, testInfo, 'course-load');
});

test('banner, menu and footer edited in the panel show on the public site', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  // The other specs read the seeded banner, menu and footer: what this test changes is put back after.
  const restore = await keepSiteContent(request);
  try {
    await editSiteContent(page, testInfo);
  } finally {
    await restore();
  }
});

async function editSiteContent(page: Page, testInfo: TestInfo) {
  await logIn(page, ADMIN);

  await page.goto('/admin/app/banner/1');
  await page.getByLabel('Tytuł (wymagane)').fill(`Promocja ${run}`);
  await expect(page.getByRole('complementary', { name: 'Podgląd' })).toContainText(`Promocja ${run}`);
  await saveForm(page);

  await page.goto('/admin/app/menu?filter[type][eq]=top');
  await page.getByRole('link', { name: 'Menu górne' }).click();
  await page.getByLabel('Nazwa', { exact: true }).first().fill(`Start ${run}`);
  await expect(page.getByRole('complementary', { name: 'Podgląd' })).toContainText(`Start ${run}`);
  await expectAccessible(page, testInfo, 'menu-edit');
  await saveForm(page);

  await page.goto('/admin/company/company/settings');
  const footer = page.getByRole('textbox', { name: 'Stopka, blok 1', exact: true });
  await footer.fill(`Nisko Bus ${run}, ul. Dworcowa 1`);
  await saveForm(page);

  await page.goto('/');
  await expect(page.getByText(`Promocja ${run}`)).toBeVisible();
  await expect(page.getByRole('link', { name: `Start ${run}` }).first()).toBeAttached();
  await expect(page.getByRole('contentinfo')).toContainText(`Nisko Bus ${run}, ul. Dworcowa 1`);
}

/** Reads the banner, the top menu and the settings through the API, and returns how to put them back. */
async function keepSiteContent(request: APIRequestContext): Promise<() => Promise<void>> {
  const login = await request.post('/api/user/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  const { data } = (await login.json()) as { data: { token: string } };
  const headers = { Authorization: `Bearer ${data.token}` };
  const read = async (path: string) => ((await (await request.get(path, { headers })).json()) as { data: Record<string, unknown> }).data;
  const banner = await read('/api/app/banner/one?id=1');
  const menu = await read('/api/app/menu/one?id=1');
  const { settings } = (await read('/api/company/company/get-settings')) as { settings: Record<string, unknown> };
  return async () => {
    await request.put('/api/app/banner/save?id=1', { headers, data: { title: banner.title } });
    await request.put('/api/app/menu/save?id=1', { headers, data: { content: menu.content } });
    await request.post('/api/company/company/save-settings', { headers, data: { page_footer_1: settings.page_footer_1 } });
  };
}

test('unsaved changes are asked about before leaving', async ({ page }) => {
  await logIn(page, ADMIN);
  await page.goto('/admin/route/waypoint/1');
  await page.getByLabel('Miejscowość').fill('Zmienione');
  await page.getByRole('link', { name: 'Wróć do listy' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Masz niezapisane zmiany' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Zostań' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Miejscowość')).toHaveValue('Zmienione');
  await page.getByRole('link', { name: 'Wróć do listy' }).click();
  await dialog.getByRole('button', { name: 'Wyjdź bez zapisu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Przystanki' })).toBeVisible();
});

test('the list keeps its state in the URL and the back button restores it', async ({ page }) => {
  await logIn(page, ADMIN);
  await page.goto('/admin/route/waypoint');
  await page.getByLabel('Nazwa').fill('Dworzec');
  await page.getByRole('button', { name: 'Filtruj' }).click();
  await expect(page).toHaveURL(/filter%5Bname%5D%5Blike%5D=Dworzec|filter\[name\]\[like\]=Dworzec/);
  await page.getByRole('button', { name: /Miejscowość/ }).click();
  await expect(page).toHaveURL(/sort=town/);
  const firstRow = (await page.getByRole('row').nth(1).textContent()) ?? '';
  await page.getByRole('row').nth(1).getByRole('link').click();
  await page.goBack();
  await expect(page.getByLabel('Nazwa')).toHaveValue('Dworzec');
  await expect(page.getByRole('row').nth(1)).toHaveText(firstRow);
});

test('a guest is sent to log in with the way back, a user is told the panel is not theirs, from every admin route', async ({ page }) => {
  // Issue 40, defect 11: no longer the public home page.
  for (const path of ['/admin', '/admin/route/route', '/admin/app/banner/1', '/admin/company/company/settings']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  }
  await page.goto('/en/admin/course/coupon');
  await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen%2Fadmin%2Fcourse%2Fcoupon$/);
  await logIn(page, JAN);
  for (const [path, title] of [
    ['/admin/route/route', 'Brak dostępu do panelu administracyjnego'],
    ['/admin/course/coupon/new', 'Brak dostępu do panelu administracyjnego'],
    ['/en/admin/app/menu', 'No access to the admin panel'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Trasy|Kupony|Menu/);
  }
});

test('coupons: one with its own code, a batch of random ones, and the CSV of the filtered list', async ({ page }) => {
  await logIn(page, ADMIN);
  await page.goto('/admin/course/coupon/new');
  await page.getByLabel('Kod').fill(`LATO${run}`.toUpperCase());
  await page.getByLabel(/^Wartość początkowa/).fill('25');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `LATO${run}`.toUpperCase() })).toBeVisible();
  await expect(page.getByLabel('Pozostało (zł)')).toHaveValue('25,00');
  await expect(page.getByText('Kupon nie był jeszcze użyty.')).toBeVisible();

  await page.goto('/admin/course/coupon');
  const batch = page.getByRole('region', { name: 'Pakiet kuponów' });
  await batch.getByLabel('Liczba kodów').fill('2');
  await batch.getByLabel('Wartość początkowa (zł)').fill('10');
  await batch.getByRole('button', { name: 'Utwórz kupony' }).click();
  await expect(batch.getByRole('status')).toContainText(/Utworzone kody/);
  await page.getByLabel('Kod', { exact: true }).fill(`LATO${run}`.toUpperCase());
  await page.getByRole('button', { name: 'Filtruj' }).click();
  // One click: the filtered list's CSV, no page between (issue 29).
  const download = page.waitForEvent('download');
  await page.getByRole('group', { name: 'Eksport filtrowanej listy' }).getByRole('button', { name: 'Pobierz CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^kupony.*\.csv$/);
});
