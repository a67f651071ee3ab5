import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { readDb } from '@/testing/mocks/data/booking-db';
import { validationError } from '@/testing/mocks/handlers/errors';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

// A paid order of the seed without an invoice.
const HASH = 'nk5dniknk2bilety';

const firstTicket = () => {
  const order = readDb().orders.find((candidate) => candidate.hash_id === HASH);
  const ticket = order?.tickets.find((candidate) => candidate.status === 'valid') ?? order?.tickets[0];
  if (!ticket) throw new Error('the seed has no such order');
  return ticket;
};

type Filler = ReturnType<typeof renderApp>['user'];

async function fill(user: Filler, english = false) {
  await user.click(await screen.findByRole('button', { name: english ? 'Ask for an invoice' : 'Poproś o fakturę' }));
  await user.type(screen.getByLabelText(english ? 'Company name' : 'Nazwa firmy'), 'Firma sp. z o.o.');
  await user.type(screen.getByLabelText(english ? 'Tax ID (NIP)' : 'NIP'), '5260250274');
  await user.type(screen.getByLabelText(english ? 'Street and number' : 'Ulica i numer'), 'ul. Długa 1');
  await user.type(screen.getByLabelText(english ? 'Postal code' : 'Kod pocztowy'), '37-400');
  await user.type(screen.getByLabelText(english ? 'City' : 'Miejscowość'), 'Nisko');
  await user.click(screen.getByRole('button', { name: english ? 'Issue the invoice' : 'Wystaw fakturę' }));
}

describe('an invoice asked for after payment', () => {
  it("lets a guest ask with the ticket's number and code, and says it was issued", async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(apiUrl('/order/order/request-invoice'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: { order_id: 'x', number: 'NB/2026/9' } });
      }),
    );
    const { user } = renderApp(`/order/success/${HASH}`);
    await fill(user);
    expect(await screen.findByText('Wystawiliśmy fakturę NB/2026/9 i wysłaliśmy ją e-mailem.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        number: firstTicket().number,
        code: firstTicket().code,
        invoice: { country: 'PL', company_name: 'Firma sp. z o.o.', vat_number: '5260250274', address: 'ul. Długa 1', postal_code: '37-400', city: 'Nisko' },
      },
    ]);
  });

  it('says in both languages that the deadline has passed', async () => {
    server.use(
      http.post(apiUrl('/order/order/request-invoice'), () =>
        validationError([{ field: 'invoice', message: 'An invoice can be asked for until 3 months after the end of the month of the sale.', code: 'invoice.too_late' }], 'invoice.too_late'),
      ),
    );
    const polish = renderApp(`/order/success/${HASH}`);
    await fill(polish.user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Fakturę można wystawić najpóźniej do końca trzeciego miesiąca po miesiącu sprzedaży. Ten termin minął.');
    polish.unmount();

    const english = renderApp(`/en/order/success/${HASH}`);
    await fill(english.user, true);
    expect(await screen.findByRole('alert')).toHaveTextContent('An invoice can be issued until the end of the third month after the month of the sale. That time has passed.');
  });

  it('shows a refused NIP at its field', async () => {
    server.use(
      http.post(apiUrl('/order/order/request-invoice'), () =>
        validationError([{ field: 'invoice.vat_number', message: 'Please enter a valid NIP (10 digits).', code: 'field.invalid_vat_number' }]),
      ),
    );
    const { user } = renderApp(`/order/success/${HASH}`);
    await fill(user);
    const nip = screen.getByLabelText('NIP');
    expect(await screen.findByText('Ten NIP jest nieprawidłowy. Sprawdź cyfry.')).toBeInTheDocument();
    expect(nip).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a NIP that does not add up and a malformed postal code before asking, in the server\'s words', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(apiUrl('/order/order/request-invoice'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: { order_id: 'x', number: 'NB/2026/9' } });
      }),
    );
    const { user } = renderApp(`/order/success/${HASH}`);
    await user.click(await screen.findByRole('button', { name: 'Poproś o fakturę' }));
    await user.type(screen.getByLabelText('Nazwa firmy'), 'Firma sp. z o.o.');
    await user.type(screen.getByLabelText('NIP'), '5260250275');
    await user.type(screen.getByLabelText('Ulica i numer'), 'ul. Długa 1');
    await user.type(screen.getByLabelText('Kod pocztowy'), '37400');
    await user.click(screen.getByRole('button', { name: 'Wystaw fakturę' }));

    expect(await screen.findByText('Ten NIP jest nieprawidłowy. Sprawdź cyfry.')).toBeInTheDocument();
    expect(screen.getByText('Wpisz kod pocztowy w formacie 37-400.')).toBeInTheDocument();
    expect(screen.getByLabelText('Miejscowość')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });
});
