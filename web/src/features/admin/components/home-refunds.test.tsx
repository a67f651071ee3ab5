// Issue 29: every refused refund on the home page links to its own order (they all linked to the oldest
// one's order before).
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { adminHomeData } from '@/testing/mocks/handlers/admin-home';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const ADMIN = { loggedInAs: 'admin@example.com' };

const REFUNDS = [
  { refund_id: 'a0000000-0000-4000-8000-000000000001', order_id: 'b0000000-0000-4000-8000-000000000001', order_number: 'NK-2026-000101', amount: 900, created_at: '2026-11-26T10:00:00Z' },
  { refund_id: 'a0000000-0000-4000-8000-000000000002', order_id: 'b0000000-0000-4000-8000-000000000002', order_number: 'NK-2026-000102', amount: 1620, created_at: '2026-11-27T09:00:00Z' },
];

function withRefusedRefunds() {
  server.use(
    http.get(apiUrl('/admin/home'), () => {
      const home = adminHomeData();
      return HttpResponse.json({ data: { ...home, attention: { ...home.attention, failed_refunds: 2, failed_refund_list: REFUNDS } } });
    }),
  );
}

describe('the refused refunds on the home page', () => {
  it('link each to its own order', async () => {
    withRefusedRefunds();
    renderApp('/admin', ADMIN);
    const attention = await screen.findByRole('region', { name: 'Wymaga uwagi' });
    expect(within(attention).getByText('Nieudane zwroty pieniędzy')).toBeInTheDocument();
    const first = within(attention).getByRole('link', { name: /^Zamówienie NK-2026-000101: 9,00\szł$/ });
    const second = within(attention).getByRole('link', { name: /^Zamówienie NK-2026-000102: 16,20\szł$/ });
    expect(first).toHaveAttribute('href', `/admin/order/order/${REFUNDS[0]?.order_id ?? ''}`);
    expect(second).toHaveAttribute('href', `/admin/order/order/${REFUNDS[1]?.order_id ?? ''}`);
  });

  it('say it in English under /en', async () => {
    withRefusedRefunds();
    renderApp('/en/admin', ADMIN);
    const link = await screen.findByRole('link', { name: /^Order NK-2026-000102: PLN\s16\.20$/ });
    expect(link).toHaveAttribute('href', `/en/admin/order/order/${REFUNDS[1]?.order_id ?? ''}`);
  });
});
