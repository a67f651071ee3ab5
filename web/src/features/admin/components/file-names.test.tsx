// Issue 29: the files the panel downloads are named in the panel's language, English under /en (they were
// Polish there): the lists' CSV and XLSX, the home page's CSV files and the printed tickets.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderApp } from '@/testing/test-utils';

const ADMIN = { loggedInAs: 'admin@example.com' };

/** The names of the files the page saves (a click on a link made for a blob). */
function savedNames(): string[] {
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:test/${names.length}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

afterEach(() => vi.restoreAllMocks());

describe('the names of downloaded files', { timeout: 20_000 }, () => {
  it('are English under /en: the coupons list, CSV and XLSX', async () => {
    const names = savedNames();
    const { user } = renderApp('/en/admin/course/coupon?filter[code][like]=NISKO1', ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await user.click(screen.getByRole('button', { name: 'Download Excel (XLSX)' }));
    await waitFor(() => expect(names).toHaveLength(2));
    expect(names[0]).toMatch(/^coupons-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(names[1]).toMatch(/^coupons-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  it('are English under /en: the orders list', async () => {
    const names = savedNames();
    const { user } = renderApp('/en/admin/order/order', ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }, { timeout: 5_000 }));
    await waitFor(() => expect(names).toHaveLength(1));
    expect(names[0]).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('are English under /en: the home page\'s sales', async () => {
    renderApp('/en/admin', ADMIN);
    const perDay = await screen.findByRole('region', { name: 'Day by day' });
    expect(within(perDay).getByRole('link', { name: 'Download CSV' }).getAttribute('download')).toMatch(/^sales-by-day-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('stay Polish on the Polish panel', async () => {
    const names = savedNames();
    const { user } = renderApp('/admin/order/order', ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Pobierz CSV' }, { timeout: 5_000 }));
    await waitFor(() => expect(names).toHaveLength(1));
    expect(names[0]).toMatch(/^zamowienia-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});
