// The office's smaller defects left from issue 29, against the real backend: a ticket sold at the desk
// by card terminal without an e-mail is returned in the panel and the dialog and its answer say the
// money goes back on the terminal; the order is then edited (a name corrected) without an e-mail; and
// under /en the orders list downloads as a file with an English name.
import { expect, test } from '@playwright/test';

import { apiSearch, apiStopId, apiToken, warsawDay } from './booking-support';
import { ADMIN, expectAccessible, logIn } from './support';

test('a card-terminal desk sale without an e-mail is returned to the terminal and edited without an e-mail', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, ADMIN);
  const [from, to] = [await apiStopId(request, 'Tarnów'), await apiStopId(request, 'Kraków')];
  const course = (await apiSearch(request, from, to, warsawDay(2)))[0];
  expect(course, 'a course of Tarnów – Kraków in two days').toBeDefined();
  const sold = await request.post('/api/order/order/save', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      course: { course_id: course?.course_id, from: { id: from }, to: { id: to } },
      courseReturn: {},
      tickets: [{ qty: 1, discount_id: null }],
      customer: { first_name: 'Walenty', last_name: 'Kartowy', email: '', phone: '', consent_statute: 1, consent_gdpr: 1, notify_by_sms: 0, id: null },
      invoice: { is_selected: 0, country: 'PL' },
      coupon: { code: null, value: 0 },
      payment_method: 'card_terminal',
    },
  });
  expect(sold.status(), await sold.text()).toBe(201);
  const orderId = ((await sold.json()) as { data: { order_id: string } }).data.order_id;

  // The return: the dialog says where the money goes before it is confirmed, and the answer after.
  await logIn(page, ADMIN);
  await page.goto(`/admin/order/order/${orderId}`);
  await page.getByRole('button', { name: /^Zwróć w imieniu klienta: bilet / }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('pieniądze zwróć na tę samą kartę terminalem płatniczym w kasie (nie gotówką)');
  await expectAccessible(page, testInfo, 'office-leftovers-return-dialog');
  await dialog.getByRole('button', { name: 'Zwróć w imieniu klienta' }).click();
  await expect(page.getByText(/do zwrotu na kartę terminalem w kasie/).first()).toBeVisible();

  // The edit asks for no e-mail: the name is corrected and saved as it is.
  await page.goto(`/admin/order/order/edit/${orderId}`);
  const first = page.getByRole('textbox', { name: /^Imię/ });
  await expect(page.getByRole('textbox', { name: /^E-mail/ })).toHaveValue('');
  await first.fill('Walentyna');
  await page.getByRole('textbox', { name: /Powód zmiany/ }).fill('Literówka w imieniu');
  await page.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/order/order/${orderId}$`));
  await expect(page.getByText('Walentyna Kartowy').first()).toBeVisible();

  // Under /en the export's file is named in English.
  await page.goto('/en/admin/order/order');
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
});
