// Issue #30: "Moje bilety" offers to attach the orders paid for without an account under the account's
// e-mail address, only when there are some, and lists their tickets once attached.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { useAuthStore } from '@/shared/stores/auth-store';
import { readDb, resetBookingDb, withDb } from '@/testing/mocks/data/booking-db';
import { DEMO_ORDER_HASHES } from '@/testing/mocks/data/booking-seed';
import { mockTokenFor, mockUserFor } from '@/testing/mocks/handlers/accounts';
import { renderApp } from '@/testing/test-utils';

const JAN = 'jan.kowalski@example.com';
const slow = { timeout: 5_000 };

function logIn() {
  useAuthStore.getState().setSession({ token: mockTokenFor(JAN), user: mockUserFor(JAN) });
}

/** The seeded order in 5 days (two tickets), as if Jan had bought it as a guest, his address typed in capitals. */
function boughtAsGuest() {
  withDb((db) => {
    const order = db.orders.find((candidate) => candidate.hash_id === DEMO_ORDER_HASHES[0]);
    if (!order) throw new Error('no seeded order');
    order.user_id = null;
    order.customer.email = 'Jan.Kowalski@Example.COM';
  });
}

describe('orders bought as a guest', { timeout: 20_000 }, () => {
  beforeEach(() => resetBookingDb());

  it('are offered, attached at once, and their tickets listed', async () => {
    boughtAsGuest();
    logIn();
    const { user } = renderApp('/user/your-tickets');

    const offer = await screen.findByRole('region', { name: 'Bilety kupione bez konta' }, slow);
    expect(
      within(offer).getByText(
        'Znaleźliśmy 1 zamówienie złożone bez konta na Twój adres e-mail. Dołącz je do swojego konta, aby widzieć tu ich bilety.',
      ),
    ).toBeInTheDocument();
    // Before: only the journey in 9 days (its one valid ticket).
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Twoje bilety' })).getAllByRole('listitem')).toHaveLength(1));

    await user.click(within(offer).getByRole('button', { name: 'Dołącz do mojego konta' }));

    expect(
      await screen.findByText('Dołączyliśmy do Twojego konta 1 zamówienie; jego bilety są na liście poniżej.', undefined, slow),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bilety kupione bez konta' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Twoje bilety' })).getAllByRole('listitem')).toHaveLength(3));
    expect(readDb().orders.filter((order) => order.user_id === null)).toHaveLength(1); // the company's order stays a guest's
  });

  it('are not offered when there are none', async () => {
    logIn();
    renderApp('/user/your-tickets');
    await screen.findByRole('list', { name: 'Twoje bilety' }, slow);
    expect(screen.queryByRole('region', { name: 'Bilety kupione bez konta' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dołącz do mojego konta' })).not.toBeInTheDocument();
  });

  it('are offered in English under /en', async () => {
    boughtAsGuest();
    logIn();
    renderApp('/en/user/your-tickets');
    const offer = await screen.findByRole('region', { name: 'Tickets bought without an account' }, slow);
    expect(
      within(offer).getByText(
        'We found 1 order placed without an account with your e-mail address. Attach it to your account to see its tickets here.',
      ),
    ).toBeInTheDocument();
    expect(within(offer).getByRole('button', { name: 'Attach to my account' })).toBeInTheDocument();
  });
});
