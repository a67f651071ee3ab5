// The office manager's defects 13 and 14 on the seeded company order (three tickets, one returned: an
// invoice, its correction, a refund): the order page and the invoice page speak the panel's language only
// (amounts one way per language, kinds in words, the server's Polish reasons said in English under /en),
// and a correction's line names the ticket's price, the return fee and what goes back.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { readDb } from '@/testing/mocks/data/booking-db';
import { COMPANY_ORDER_HASH } from '@/testing/mocks/data/booking-seed';
import { documents } from '@/testing/mocks/data/order-admin';
import { renderApp } from '@/testing/test-utils';

const ADMIN = { loggedInAs: 'admin@example.com' };
const slow = { timeout: 5_000 };

function companyOrder() {
  const order = readDb().orders.find((candidate) => candidate.hash_id === COMPANY_ORDER_HASH);
  const returned = order?.tickets.find((ticket) => ticket.status === 'returned');
  const correction = documents(readDb()).find((doc) => doc.order.id === order?.id && doc.kind === 'KOR');
  if (!order || !returned || !correction) throw new Error('the seed has a company order with a returned ticket and its correction');
  return { order, returned: returned.number, correction };
}

/** The text of a region, its spaces (no-break ones too) as single spaces. */
const textOf = (element: HTMLElement) => (element.textContent ?? '').replace(/\s+/g, ' ');

describe("an order's money and invoices in the panel's language", { timeout: 30_000 }, () => {
  it('are in English under /en: PLN amounts, kinds in words, the correction line with its fee, reasons in English', async () => {
    const { order, returned } = companyOrder();
    renderApp(`/en/admin/order/order/${order.id}`, ADMIN);
    const invoices = await screen.findByRole('region', { name: 'Invoices and corrections' }, slow);
    const [, invoiceRow, correctionRow] = within(invoices).getAllByRole('row');
    expect(within(invoiceRow as HTMLElement).getAllByRole('cell')[1]).toHaveTextContent('VAT invoice');
    expect(within(correctionRow as HTMLElement).getAllByRole('cell')[1]).toHaveTextContent('Correction invoice');
    expect(textOf(invoiceRow as HTMLElement)).toContain('PLN 117.00');
    await waitFor(() => expect(textOf(correctionRow as HTMLElement)).toContain(`Ticket ${returned} returned: ticket price PLN 39.00, return fee PLN 3.90, to refund PLN 35.10`));
    expect(textOf(correctionRow as HTMLElement)).toContain('-PLN 35.10');
    expect(textOf(invoices)).not.toMatch(/zł|\bKOR\b(?!\/)/);

    const payments = screen.getByRole('region', { name: 'Payment and refunds' });
    const refund = within(payments).getByRole('row', { name: new RegExp(returned) });
    expect(textOf(refund)).toContain(`Ticket ${returned} returned`);
    expect(textOf(refund)).toContain('PLN 35.10');
    expect(textOf(payments)).not.toMatch(/zł|Zwrot biletu/);

    const summary = screen.getByRole('region', { name: 'Order' });
    expect(textOf(summary)).toContain('PLN 117.00');
    expect(textOf(summary)).not.toContain('zł');
    expect(textOf(screen.getByRole('region', { name: 'Tickets' }))).not.toContain('zł');
  });

  it('are in Polish on the Polish panel, with no PLN', async () => {
    const { order, returned } = companyOrder();
    renderApp(`/admin/order/order/${order.id}`, ADMIN);
    const invoices = await screen.findByRole('region', { name: 'Faktury i korekty' }, slow);
    const [, invoiceRow, correctionRow] = within(invoices).getAllByRole('row');
    expect(within(invoiceRow as HTMLElement).getAllByRole('cell')[1]).toHaveTextContent('Faktura VAT');
    expect(within(correctionRow as HTMLElement).getAllByRole('cell')[1]).toHaveTextContent('Faktura korygująca');
    await waitFor(() => expect(textOf(correctionRow as HTMLElement)).toContain(`Zwrot biletu ${returned}: cena biletu 39,00 zł, opłata za zwrot 3,90 zł, do zwrotu 35,10 zł`));
    expect(textOf(screen.getByRole('main'))).not.toContain('PLN');
  });

  it("on the correction's own page: amounts, reason and line in English under /en, in Polish without", async () => {
    const { returned, correction } = companyOrder();
    const english = renderApp(`/en/admin/order/invoice/${correction.id}`, ADMIN);
    const document = await screen.findByRole('region', { name: 'Document' }, slow);
    const fact = (term: string) => textOf(within(document).getByText(term).nextElementSibling as HTMLElement);
    expect(fact('Kind')).toBe('Correction invoice');
    expect(fact('Gross')).toBe('-PLN 35.10');
    expect(fact('Net')).toMatch(/^-PLN \d+\.\d\d$/);
    expect(fact('Correction reason')).toBe(`Ticket ${returned} returned`);
    await waitFor(() => expect(fact('Correction line')).toBe(`Ticket ${returned} returned: ticket price PLN 39.00, return fee PLN 3.90, to refund PLN 35.10`));
    expect(textOf(document)).not.toMatch(/zł|Zwrot/);
    english.unmount();

    renderApp(`/admin/order/invoice/${correction.id}`, ADMIN);
    const polish = await screen.findByRole('region', { name: 'Dokument' }, slow);
    const pl = (term: string) => textOf(within(polish).getByText(term).nextElementSibling as HTMLElement);
    expect(pl('Brutto')).toBe('-35,10 zł');
    expect(pl('Powód korekty')).toBe(`Zwrot biletu ${returned}`);
    await waitFor(() => expect(pl('Pozycja korekty')).toBe(`Zwrot biletu ${returned}: cena biletu 39,00 zł, opłata za zwrot 3,90 zł, do zwrotu 35,10 zł`));
  });

  it('in the invoices list: kinds in words, days and amounts the panel\'s way', async () => {
    renderApp('/en/admin/order/invoice', ADMIN);
    const table = await screen.findByRole('table', {}, slow);
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
    const text = textOf(table);
    expect(text).toContain('Correction invoice');
    expect(text).toMatch(/PLN \d+\.\d\d/);
    expect(text).not.toMatch(/zł|\d{4}-\d{2}-\d{2}/);
  });
});
