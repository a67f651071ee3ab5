// Issue 29, an order sold at the desk in the panel: its edit asks for no e-mail (it may have none, as at
// its sale), and returning its ticket says where the money goes before the admin confirms: on the card
// terminal for a card sale, in cash for a cash sale.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { readDb, withDb } from '@/testing/mocks/data/booking-db';
import { COMPANY_ORDER_HASH } from '@/testing/mocks/data/booking-seed';
import { adminOf } from '@/testing/mocks/data/order-admin';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const ADMIN = { loggedInAs: 'admin@example.com' };
const slow = { timeout: 5_000 };

/** The seed's company order, made a desk sale paid by `method` and, when asked, without an e-mail or phone. */
function deskOrder(method: 'cash' | 'card_terminal', { contact = true } = {}) {
  return withDb((db) => {
    const order = db.orders.find((candidate) => candidate.hash_id === COMPANY_ORDER_HASH);
    if (!order) throw new Error('the seed has no company order');
    adminOf(db, order).payment_method = method;
    if (!contact) order.customer = { ...order.customer, email: '', phone: '', notify_by_sms: false };
    return { id: order.id, ticket: order.tickets[0]?.number ?? '' };
  });
}

describe('the edit of an order sold at the desk', { timeout: 20_000 }, () => {
  it('saves a corrected name without an e-mail or a phone', async () => {
    const order = deskOrder('cash', { contact: false });
    const sent: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PUT' && request.url.includes('/order/order/save')) void request.clone().json().then((body) => sent.push(body));
    });
    const { user, router } = renderApp(`/admin/order/order/edit/${order.id}`, ADMIN);
    const first = await screen.findByLabelText(/^Imię/, {}, slow);
    expect(screen.getByLabelText(/^E-mail/)).not.toBeRequired();
    await user.clear(first);
    await user.type(first, 'Janina');
    await user.type(screen.getByLabelText(/Powód zmiany/), 'Literówka w imieniu');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/order/order/${order.id}`), slow);
    expect(sent).toMatchObject([{ customer: { first_name: 'Janina', email: '', phone: '' } }]);
    expect(readDb().orders.find((candidate) => candidate.id === order.id)?.customer.first_name).toBe('Janina');
    server.events.removeAllListeners();
  });

  it('still checks an e-mail that is given', async () => {
    const order = deskOrder('card_terminal', { contact: false });
    const { user } = renderApp(`/admin/order/order/edit/${order.id}`, ADMIN);
    const email = await screen.findByLabelText(/^E-mail/, {}, slow);
    await user.type(email, 'jan@');
    await user.type(screen.getByLabelText(/Powód zmiany/), 'Adres');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
  });

  it('of an order paid online still requires the e-mail', async () => {
    const order = readDb().orders.find((candidate) => candidate.number && adminOf(readDb(), candidate).payment_method === 'online');
    renderApp(`/admin/order/order/edit/${order?.id ?? ''}`, ADMIN);
    expect(await screen.findByLabelText(/^E-mail/, {}, slow)).toBeRequired();
  });
});

describe('the return of a ticket sold at the desk', { timeout: 20_000 }, () => {
  it('says a card sale goes back to the card on the terminal, before and after the return', async () => {
    const order = deskOrder('card_terminal');
    const { user } = renderApp(`/admin/order/order/${order.id}`, ADMIN);
    await user.click(await screen.findByRole('button', { name: `Zwróć w imieniu klienta: bilet ${order.ticket}` }, slow));
    const dialog = screen.getByRole('alertdialog', { name: `Zwrócić bilet ${order.ticket}?` });
    expect(dialog).toHaveAccessibleDescription(/pieniądze zwróć na tę samą kartę terminalem płatniczym w kasie \(nie gotówką\)/);
    await user.click(within(dialog).getByRole('button', { name: 'Zwróć w imieniu klienta' }));
    expect(await screen.findByText(/do zwrotu na kartę terminalem w kasie/, {}, slow)).toBeInTheDocument();
  });

  it('says it in English under /en', async () => {
    const order = deskOrder('card_terminal');
    const { user } = renderApp(`/en/admin/order/order/${order.id}`, ADMIN);
    await user.click(await screen.findByRole('button', { name: `Return on the customer's behalf: ticket ${order.ticket}` }, slow));
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(/refund the money to the same card on the office's card terminal \(not in cash\)/);
  });

  it('says a cash sale is paid back in cash', async () => {
    const order = deskOrder('cash');
    const { user } = renderApp(`/admin/order/order/${order.id}`, ADMIN);
    await user.click(await screen.findByRole('button', { name: `Zwróć w imieniu klienta: bilet ${order.ticket}` }, slow));
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(/pieniądze wypłać klientowi gotówką w kasie/);
  });
});

