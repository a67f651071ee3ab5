// The panel's invoice data (the office's sale, an invoice after the fact): "Pobierz dane z wykazu VAT" fills in
// the company's name, street, postal code and city from the register of VAT payers, each field still editable
// and sent as it stands; the register's refusals are said plainly (docs/invoices.md).
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { readDb } from '@/testing/mocks/data/booking-db';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const ADMIN = { loggedInAs: 'admin@example.com' };
const slow = { timeout: 5_000 };

describe("the panel's NIP lookup", { timeout: 20_000 }, () => {
  it('fills in the office sale\'s invoice data, each field still editable', async () => {
    const { user } = renderApp('/admin/order/order/edit', ADMIN);
    await user.click(await screen.findByRole('checkbox', { name: 'Klient chce fakturę' }, slow));
    await user.type(screen.getByLabelText(/^NIP/), '526-025-02-74');
    await user.click(screen.getByRole('button', { name: 'Pobierz dane z wykazu VAT' }));
    expect(await screen.findByText(/Wpisano dane z wykazu podatników VAT: MINISTERSTWO FINANSÓW\./)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nazwa firmy/)).toHaveValue('MINISTERSTWO FINANSÓW');
    expect(screen.getByLabelText(/^Adres/)).toHaveValue('ul. Świętokrzyska 12');
    expect(screen.getByLabelText(/^Kod pocztowy/)).toHaveValue('00-916');
    expect(screen.getByLabelText(/^Miejscowość/)).toHaveValue('Warszawa');
    expect(screen.getByLabelText(/^Nazwa firmy/)).not.toHaveAttribute('readonly');
    await user.type(screen.getByLabelText(/^Miejscowość/), ' Centrum');
    expect(screen.getByLabelText(/^Miejscowość/)).toHaveValue('Warszawa Centrum');
  });

  it('says the register cannot be reached, and keeps what was typed', async () => {
    const { user } = renderApp('/admin/order/order/edit', ADMIN);
    await user.click(await screen.findByRole('checkbox', { name: 'Klient chce fakturę' }, slow));
    await user.type(screen.getByLabelText(/^Nazwa firmy/), 'Firma ręczna');
    await user.type(screen.getByLabelText(/^NIP/), '1111111111');
    await user.click(screen.getByRole('button', { name: 'Pobierz dane z wykazu VAT' }));
    expect(await screen.findByText('Wykaz podatników VAT jest teraz niedostępny — wpisz dane ręcznie.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nazwa firmy/)).toHaveValue('Firma ręczna');
  });

  it('fills in the invoice after the fact, and the save sends what the form shows', async () => {
    const sent: unknown[] = [];
    server.use(
      http.put(apiUrl('/order/order/save'), async ({ request }) => {
        sent.push(await request.clone().json());
        return undefined;
      }),
    );
    const order = readDb().orders.find((candidate) => candidate.invoice === null && candidate.status === 'paid' && candidate.number);
    if (!order) throw new Error('the seed has no paid order without an invoice');
    const { user } = renderApp(`/admin/order/order/invoice/${order.id}`, ADMIN);
    await user.type(await screen.findByLabelText(/^NIP/, {}, slow), '5260250274');
    await user.click(screen.getByRole('button', { name: 'Pobierz dane z wykazu VAT' }));
    await waitFor(() => expect(screen.getByLabelText(/^Nazwa firmy/)).toHaveValue('MINISTERSTWO FINANSÓW'));
    await user.type(screen.getByLabelText(/Powód zmiany/), 'Faktura po zakupie');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      invoice: { country: 'PL', vat_number: '5260250274', company_name: 'MINISTERSTWO FINANSÓW', address: 'ul. Świętokrzyska 12', postal_code: '00-916', city: 'Warszawa' },
    });
  });

  it('is not offered for a buyer outside Poland', async () => {
    const { user } = renderApp('/admin/order/order/edit', ADMIN);
    await user.click(await screen.findByRole('checkbox', { name: 'Klient chce fakturę' }, slow));
    const field = screen.getByLabelText(/^Kraj/);
    await user.clear(field);
    await user.type(field, 'DE');
    expect(within(document.body).queryByRole('button', { name: 'Pobierz dane z wykazu VAT' })).not.toBeInTheDocument();
  });
});
