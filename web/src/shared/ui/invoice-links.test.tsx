import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { COMPANY_ORDER_HASH } from '@/testing/mocks/data/booking-seed';
import { renderApp } from '@/testing/test-utils';

describe("the customer's invoice links", () => {
  it("gives a guest the order's invoice and correction, each with the order's hash", async () => {
    renderApp(`/order/success/${COMPANY_ORDER_HASH}`);
    const invoice = await screen.findByRole('link', { name: /^Faktura NB\/\d{4}\/\d+ \(PDF\)$/ });
    expect(invoice.getAttribute('href')).toMatch(new RegExp(`^/api/order/order-invoice/pdf\\?id=[0-9a-f-]+&hash_id=${COMPANY_ORDER_HASH}$`));
    expect(screen.getByRole('link', { name: /^Faktura korygująca NB\/\d{4}\/\d+ \(PDF\)$/ })).toBeInTheDocument();
  });

  it('shows no invoice link for an order without an invoice', async () => {
    renderApp('/order/success/nk5dniknk2bilety');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(within(document.body).queryByRole('link', { name: /\(PDF\)/ })).not.toBeInTheDocument();
    expect(heading).toBeInTheDocument();
  });
});
