// Issue 29 (defects 3, 7, 10): money in the admin panel is typed in złoty with a comma and stored in
// grosze; a refusal names its field and says what to do in the panel's language. Against the real
// backend: a new route's price typed as "12,50" is read back through the API as 1250 grosze; a
// price of -5 is refused at its cell, naming it; a course in the past is refused at its departure
// in Polish (not "departure_at must be in the future"). Run on a seeded database.
import { expect, test, type APIRequestContext } from '@playwright/test';

import { ADMIN, expectAccessible, logIn } from './support';

const run = Date.now().toString(36).slice(-5);

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/user/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  const { data } = (await login.json()) as { data: { token: string } };
  return { Authorization: `Bearer ${data.token}` };
}

/** A route of two new stops, through the API: its id and its stops' ids and names. */
async function newRoute(request: APIRequestContext, headers: Record<string, string>) {
  const stop = async (name: string, town: string) => {
    const answer = await request.post('/api/route/waypoint/save', { headers, data: { name, town } });
    expect(answer.status(), await answer.text()).toBe(200);
    return ((await answer.json()) as { data: { id: number } }).data.id;
  };
  const fromName = `Kwotowo ${run}, Rynek`;
  const toName = `Groszyce ${run}, Szkoła`;
  const from = await stop(fromName, `Kwotowo ${run}`);
  const to = await stop(toName, `Groszyce ${run}`);
  const route = await request.post('/api/route/route/save', { headers, data: { name: `Kwotowo – Groszyce ${run}` } });
  expect(route.status(), await route.text()).toBe(200);
  const routeId = ((await route.json()) as { data: { id: number } }).data.id;
  const stops = await request.put(`/api/route/route-waypoint/save-list?route_id=${routeId}`, {
    headers,
    data: { stops: [{ waypoint_id: from, minutes_from_start: 0 }, { waypoint_id: to, minutes_from_start: 45 }] },
  });
  expect(stops.status(), await stops.text()).toBe(200);
  return { routeId, from, to, fromName, toName };
}

test('a price typed in złoty is stored in grosze, and refusals name their field in Polish', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const headers = await adminHeaders(request);
  const line = await newRoute(request, headers);
  await logIn(page, ADMIN);

  await page.goto(`/admin/route/route/${line.routeId}`);
  const prices = page.getByRole('region', { name: 'Ceny (zł) dla par przystanków' });
  const cellName = `Cena ${line.fromName} → ${line.toName}`;
  const cell = prices.getByLabel(cellName);

  // -5 is refused at the cell, naming it and saying what to type; nothing is sent.
  await cell.fill('-5');
  await expect(cell).toHaveAttribute('aria-invalid', 'true');
  await expect(cell).toHaveAccessibleDescription(`${cellName}: kwota nie może być ujemna. Wpisz 0 lub więcej, np. 12,50.`);
  await cell.fill('0');
  await expect(cell).toHaveAccessibleDescription(`${cellName}: kwota musi być większa od zera (co najmniej 0,01 zł).`);

  // 12,50 is saved, and the API holds 1250 grosze.
  await cell.fill('12,50');
  await expect(cell).not.toHaveAttribute('aria-invalid');
  await page.screenshot({ path: testInfo.outputPath('price-grid-zloty.png'), fullPage: true });
  await prices.getByRole('button', { name: 'Zapisz ceny' }).click();
  await expect(page.getByText('Zapisano.')).toBeVisible();
  const stored = await request.get(`/api/route/route-price/all?filter[route_id][eq]=${line.routeId}`, { headers });
  expect(stored.status(), await stored.text()).toBe(200);
  type Price = { from_waypoint_id: number; to_waypoint_id: number; price: number };
  const { data } = (await stored.json()) as { data: { models: Price[] } };
  const rows = data.models;
  expect(rows.map((row) => [row.from_waypoint_id, row.to_waypoint_id, row.price])).toEqual([[line.from, line.to, 1250]]);
  // Shown back as złoty with a comma.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Ceny (zł) dla par przystanków' }).getByLabel(cellName)).toHaveValue('12,50');
  await expectAccessible(page, testInfo, 'price-grid');

  // A course in the past: refused at its departure, in Polish, without the API's field name.
  await page.goto('/admin/course/course/new');
  await page.getByLabel('Trasa').selectOption({ label: `Kwotowo – Groszyce ${run}` });
  await page.getByLabel('Odjazd').fill('2020-01-01T10:00');
  await page.getByLabel('Miejsca').fill('40');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  const departure = page.getByLabel('Odjazd');
  await expect(departure).toHaveAccessibleDescription(/Odjazd musi być w przyszłości\. Wybierz późniejszą datę lub godzinę\./);
  await expect(page.getByText(/departure_at|must be in the future/)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('course-in-the-past.png'), fullPage: true });
});

test('a discount of the amount kind is typed in złoty and stored in grosze', async ({ page, request }, testInfo) => {
  const headers = await adminHeaders(request);
  await logIn(page, ADMIN);
  await page.goto('/admin/course/discount/new');
  await page.getByLabel('Nazwa (wymagane)').fill(`Rabat ${run}`);
  await page.getByLabel('Rodzaj').selectOption({ label: 'Kwota (zł)' });
  const value = page.getByLabel('Wartość');
  await value.fill('12,505');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(value).toHaveAccessibleDescription(/Wartość: najwyżej dwie cyfry po przecinku \(grosze\), np\. 12,50\./);
  await value.fill('12,50');
  await page.screenshot({ path: testInfo.outputPath('discount-zloty.png'), fullPage: true });
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page.getByText('Zapisano zmiany.')).toBeVisible();
  const id = /\/discount\/(\d+)$/.exec(page.url())?.[1];
  const saved = await request.get(`/api/course/discount/one?id=${id ?? ''}`, { headers });
  expect(((await saved.json()) as { data: { kind: string; value: number } }).data).toMatchObject({ kind: 'amount', value: 1250 });
  await expect(page.getByLabel('Wartość')).toHaveValue('12,50');
});
