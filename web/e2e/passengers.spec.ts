// Passengers' names per ticket (issue 30), against the real backend: an order that names one of its
// two passengers shows that name on that ticket of the order's page, and the buyer's ticket names no one.
import { expect, test } from '@playwright/test';

import { apiSearch, apiStopId, warsawDay } from './booking-support';

test.use({ viewport: { width: 360, height: 740 } });

test('a passenger named on the order form is named on the ticket', async ({ page, request }) => {
  const from = await apiStopId(request, 'Nisko');
  const to = await apiStopId(request, 'Kraków');
  const [course] = await apiSearch(request, from, to, warsawDay(3));
  if (!course) throw new Error('no course Nisko → Kraków in three days');
  const placed = await request.post('/api/order/order/place', {
    data: {
      course: { course_id: course.course_id, from: { id: from }, to: { id: to } },
      courseReturn: {},
      tickets: [{ qty: 2, discount_id: null, passengers: ['', 'Anna Nowak'] }],
      customer: {
        first_name: 'Jan', last_name: 'Kowalski', email: 'jan.passengers@example.com', phone: '+48 600 100 200',
        consent_statute: 1, consent_gdpr: 1, notify_by_sms: 0, id: null,
      },
      invoice: { is_selected: 0, country: 'PL' },
      coupon: { code: null, value: 0 },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as { data: { hash_id: string; payment_url: string } }).data;
  const token = order.payment_url.split('/').pop() ?? '';
  expect((await request.post(`/api/payment/sandbox/${token}/pay`, { maxRedirects: 0 })).status()).toBe(303);

  await page.goto(`/order/success/${order.hash_id}`);
  // The tickets' cards (the footer and the links under the order name "Prawa pasażera" too).
  const tickets = page.getByRole('region', { name: 'Bilety' }).getByRole('listitem').filter({ hasText: 'Pasażer' });
  await expect(tickets).toHaveCount(1, { timeout: 20_000 });
  await expect(tickets.first()).toContainText('Anna Nowak');
});
