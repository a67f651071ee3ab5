import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { useAuthStore } from '@/shared/stores/auth-store';
import { apiUrl } from '@/testing/mocks/api-url';
import { readDb } from '@/testing/mocks/data/booking-db';
import { DEMO_USER_ID } from '@/testing/mocks/data/booking-seed';
import { mockTokenFor, mockUserFor } from '@/testing/mocks/handlers/accounts';
import { errorBody } from '@/testing/mocks/handlers/responses';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const JAN = 'jan.kowalski@example.com';

function logIn() {
  useAuthStore.getState().setSession({ token: mockTokenFor(JAN), user: mockUserFor(JAN) });
}

/** The demo user's seeded orders (see testing/mocks/data/booking-seed.ts), soonest first. */
function seededTickets() {
  return readDb()
    .orders.flatMap((order) => order.tickets.map((ticket) => ({ ...ticket, departure: order.outbound.departure_at })))
    .sort((a, b) => Date.parse(a.departure) - Date.parse(b.departure));
}

const slow = { timeout: 5_000 };

describe('your tickets', { timeout: 20_000 }, () => {
  it('sends guests to the login page and back', async () => {
    const { router } = renderApp('/user/your-tickets');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), slow);
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/user/your-tickets');
  });

  it('lists the upcoming tickets first, and all of them on request', async () => {
    logIn();
    const { user } = renderApp('/user/your-tickets');

    expect(await screen.findByRole('heading', { level: 1, name: 'Twoje bilety' }, slow)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Twoje bilety | Nisko Bus'));
    expect(screen.getByRole('button', { name: 'Nadchodzące podróże' })).toHaveAttribute('aria-pressed', 'true');

    const list = await screen.findByRole('list', { name: 'Twoje bilety' }, slow);
    const upcoming = within(list).getAllByRole('listitem');
    // Two tickets in 5 days (Nisko → Kraków) and two in 9 days (Rzeszów → Nisko), of which one was
    // returned: a returned ticket is no upcoming journey (issue #30).
    expect(upcoming).toHaveLength(3);
    const first = seededTickets().find((ticket) => Date.parse(ticket.departure) > Date.now());
    const card = within(list).getByRole('listitem', { name: `Bilet ${first?.number}` });
    expect(within(card).getByText('Nisko, Dworzec Autobusowy → Kraków, MDA Dworzec Autobusowy')).toBeInTheDocument();
    expect(within(card).getByText(/^Odjazd .+, 07:30$/)).toBeInTheDocument();
    expect(within(card).getByText('Ważny')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: `Bilet ${first?.number}` })).toHaveAttribute(
      'href',
      `/user/your-tickets/${first?.id}`,
    );
    expect(within(list).queryByText('Zwrócony')).not.toBeInTheDocument();

    // All tickets include the returned one.
    await user.click(screen.getByRole('button', { name: 'Wszystkie bilety' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Twoje bilety' })).getAllByRole('listitem')).toHaveLength(5));
    expect(within(screen.getByRole('list', { name: 'Twoje bilety' })).getAllByText('Zwrócony')).toHaveLength(1);
  });

  it('shows a ticket with its QR code and returns it, showing the fee and the refund', async () => {
    logIn();
    const ticket = seededTickets().find((candidate) => Date.parse(candidate.departure) > Date.now());
    if (!ticket) throw new Error('no upcoming ticket');
    const { user } = renderApp(`/user/your-tickets/${ticket.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: `Bilet ${ticket.number}` }, slow)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Bilet ${ticket.number} | Nisko Bus`));
    const qr = await screen.findByRole('img', { name: `Kod QR biletu ${ticket.number}` });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText(ticket.code)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Zwróć bilet' }));
    const question = screen.getByRole('heading', { name: `Czy na pewno chcesz zwrócić bilet ${ticket.number}?` });
    expect(question).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Tak, zwróć bilet' }));

    const result = await screen.findByRole('status');
    expect(within(result).getByRole('heading', { name: `Bilet ${ticket.number} został zwrócony.` })).toBeInTheDocument();
    // 39 zł full fare: a 10% fee of 3,90 zł, 35,10 zł back.
    expect(within(result).getByText('Opłata manipulacyjna').nextElementSibling).toHaveTextContent('-3,90 zł');
    expect(within(result).getByText('Wraca do Ciebie').nextElementSibling).toHaveTextContent('35,10 zł');
    expect(within(result).getByRole('listitem')).toHaveTextContent('35,10 zł na kartę lub konto, z którego zapłacono');
    expect(screen.getByText('Status').nextElementSibling).toHaveTextContent('Zwrócony');
  });

  it('names the ticket’s order by its readable number, linking to it by its hash', async () => {
    logIn();
    const order = readDb().orders.find((candidate) => candidate.number && Date.parse(candidate.outbound.departure_at) > Date.now());
    const ticket = order?.tickets[0];
    if (!order?.number || !ticket) throw new Error('no numbered order');
    renderApp(`/user/your-tickets/${ticket.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: `Bilet ${ticket.number}` }, slow)).toBeInTheDocument();
    expect(screen.getByText('Zamówienie').nextElementSibling).toHaveTextContent(order.number);
    expect(screen.getByRole('link', { name: order.number })).toHaveAttribute('href', `/order/success/${order.hash_id}`);
    expect(screen.queryByText(order.hash_id)).not.toBeInTheDocument();
  });

  it('lists each ticket with its order’s number, when the order has one', async () => {
    logIn();
    const { user } = renderApp('/user/your-tickets');
    await user.click(await screen.findByRole('button', { name: 'Wszystkie bilety' }, slow));
    const list = screen.getByRole('list', { name: 'Twoje bilety' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(5));

    // Jan's orders (the seed also holds a company's guest order, which is not his).
    for (const order of readDb().orders.filter((candidate) => candidate.user_id === DEMO_USER_ID)) {
      for (const ticket of order.tickets) {
        const card = within(list).getByRole('listitem', { name: `Bilet ${ticket.number}` });
        if (order.number) expect(within(card).getByText(`Zamówienie ${order.number}`)).toBeInTheDocument();
        // An order from before numbering is not named by its long hash.
        else expect(within(card).queryByText(/Zamówienie/)).not.toBeInTheDocument();
      }
    }
  });

  it('does not offer the return of a returned ticket', async () => {
    logIn();
    const returned = readDb()
      .orders.flatMap((order) => order.tickets)
      .find((ticket) => ticket.status === 'returned');
    renderApp(`/user/your-tickets/${returned?.id}`);
    expect(await screen.findByText('Tego biletu nie można już zwrócić.', {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zwróć bilet' })).not.toBeInTheDocument();
  });

  it('says when the ticket is not the user’s', async () => {
    logIn();
    renderApp('/user/your-tickets/00000000-0000-4000-8000-000000000000');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nie znaleziono biletu' }, slow)).toBeInTheDocument();
  });
});

describe('return a ticket (guests)', { timeout: 20_000 }, () => {
  it('needs the number and, for guests, the code', async () => {
    const { user } = renderApp('/user/return-ticket');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zwrot biletu' }, slow)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    expect(screen.getByRole('textbox', { name: /Numer biletu/ })).toHaveAccessibleDescription(
      'np. NK-2026-000123 Podaj numer biletu do zwrotu.',
    );
    expect(screen.getByRole('textbox', { name: /Kod biletu/ })).toHaveAccessibleDescription('Podaj kod biletu.');
    expect(screen.getByRole('textbox', { name: /Numer biletu/ })).toHaveFocus();
  });

  it('checks the code before asking to confirm, and explains a wrong one next to the field', async () => {
    const ticket = seededTickets().find((candidate) => Date.parse(candidate.departure) > Date.now());
    const { user } = renderApp('/user/return-ticket');
    await user.type(await screen.findByRole('textbox', { name: /Numer biletu/ }, slow), ticket?.number ?? '');
    await user.type(screen.getByRole('textbox', { name: /Kod biletu/ }), 'ZLYKOD2345');
    await user.click(screen.getByRole('button', { name: 'Dalej' }));

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Kod biletu/ })).toHaveAccessibleDescription(
        'Kod nie pasuje do tego biletu.',
      ),
    );
    // Issue #30: a wrong code is said before the question, which is never asked.
    expect(screen.queryByRole('button', { name: 'Tak, zwróć bilet' })).toBeNull();
  });

  it('says before confirming what comes back and where, as one sum that adds up', async () => {
    const ticket = seededTickets().find((candidate) => Date.parse(candidate.departure) > Date.now());
    const { user } = renderApp('/user/return-ticket');
    await user.type(await screen.findByRole('textbox', { name: /Numer biletu/ }, slow), ticket?.number ?? '');
    await user.type(screen.getByRole('textbox', { name: /Kod biletu/ }), ticket?.code ?? '');
    await user.click(screen.getByRole('button', { name: 'Dalej' }));

    expect(await screen.findByRole('button', { name: 'Tak, zwróć bilet' }, slow)).toBeVisible();
    expect(screen.getByText(/^Cena biletu .* − opłata manipulacyjna .* = wraca do Ciebie .*:$/)).toBeVisible();
    expect(screen.getByText(/na kartę lub konto, z którego zapłacono/)).toBeVisible();
  });

  it('says how late a return may be from the answer’s params, not its English message', async () => {
    const ticket = seededTickets().find((candidate) => Date.parse(candidate.departure) > Date.now());
    server.use(
      http.post(apiUrl('/order/order/return-ticket'), () =>
        HttpResponse.json(
          errorBody(
            422,
            'Tickets can be returned until 10 minutes before departure.',
            [{ field: 'number', message: 'Tickets can be returned until 10 minutes before departure.', code: 'return.too_late', params: { minutes: 30 } }],
            'return.too_late',
          ),
          { status: 422 },
        ),
      ),
    );
    const { user } = renderApp('/user/return-ticket');
    await user.type(await screen.findByRole('textbox', { name: /Numer biletu/ }, slow), ticket?.number ?? '');
    await user.type(screen.getByRole('textbox', { name: /Kod biletu/ }), ticket?.code ?? '');
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    await user.click(screen.getByRole('button', { name: 'Tak, zwróć bilet' }));

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Numer biletu/ })).toHaveAccessibleDescription(
        'np. NK-2026-000123 Bilet można zwrócić najpóźniej 30 minut przed odjazdem.',
      ),
    );
  });

  it('returns a ticket by number and code', async () => {
    const ticket = seededTickets().find((candidate) => Date.parse(candidate.departure) > Date.now());
    const { user } = renderApp('/en/user/return-ticket');
    await user.type(await screen.findByRole('textbox', { name: /Ticket number/ }, slow), ticket?.number ?? '');
    await user.type(screen.getByRole('textbox', { name: /Ticket code/ }), ticket?.code.toLowerCase() ?? '');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Yes, return the ticket' }));

    expect(await screen.findByRole('heading', { name: `Ticket ${ticket?.number} has been returned.` })).toBeInTheDocument();
    expect(screen.getByText('Handling fee').nextElementSibling).toHaveTextContent('-PLN 3.90');
    await waitFor(() => expect(document.title).toBe('Return a ticket | Nisko Bus'));
  });
});

describe('stamps', { timeout: 20_000 }, () => {
  it('needs a login', async () => {
    const { router } = renderApp('/user/stamps');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), slow);
  });

  it('shows the stamps, the tickets still needed for a reward and the reward coupons', async () => {
    logIn();
    renderApp('/user/stamps');

    expect(await screen.findByRole('heading', { level: 1, name: 'Twoje pieczątki' }, slow)).toBeInTheDocument();
    // 4 earlier stamps + 4 valid paid tickets = 8: 2 more for a 20 zł coupon.
    expect(await screen.findByText('Masz 8 pieczątek.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '8 z 10 pieczątek na bieżącej karcie' })).toBeInTheDocument();
    expect(screen.getByText('Do kolejnego kuponu (20,00 zł) brakuje Ci jeszcze 2 biletów.')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /NAGRODA-7Q2K/ });
    expect(within(row).getByText('20,00 zł')).toBeInTheDocument();
    expect(within(row).getByText('12,00 zł')).toBeInTheDocument();
  });
});
