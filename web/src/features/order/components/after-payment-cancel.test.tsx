// Back from the gateway unpaid, the after-payment page offers to pay again or to cancel the reservation
// (issue 30), through the payment page's own cancel call; a cancelled reservation says so there and
// offers the same search again.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { warsawDate } from '@/i18n/format';
import { mockPayment, readDb, withDb } from '@/testing/mocks/data/booking-db';
import { connectionFor, courseId } from '@/testing/mocks/data/catalogue';
import { createOrder } from '@/testing/mocks/data/orders';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const day = warsawDate(new Date(Date.now() + 3 * 86_400_000));

/** A one-way reservation Nisko → Kraków waiting for its payment, in the mock backend. */
function reservation({ cancelled = false } = {}) {
  const outbound = connectionFor(courseId(1, day, '12:00'), 1, 11);
  if (!outbound) throw new Error('no demo course');
  return withDb((db) => {
    const order = createOrder(db, {
      user_id: null,
      customer: { first_name: 'Anna', last_name: 'Nowak', email: 'anna.nowak@example.com', phone: '601202303', notify_by_sms: false },
      invoice: null,
      outbound,
      back: null,
      tickets: [{ qty: 1, discount_id: null }],
      coupon: null,
      origin: 'http://localhost:3000',
    });
    if (cancelled) order.status = 'cancelled';
    return order;
  });
}

const searchAgain = `/search?tripMode=one_way&start=1&end=11&date=${day}`;

afterEach(() => {
  mockPayment.pendingPolls = 1;
  server.events.removeAllListeners();
});

describe('cancelling a reservation on the after-payment page', { timeout: 20_000 }, () => {
  it('after a failed payment offers to cancel, cancels on the server and offers the same search', async () => {
    mockPayment.pendingPolls = 99;
    const order = reservation();
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/order/order/cancel-reservation')) asked.push(new URL(request.url).searchParams.get('hash_id') ?? '');
    });
    const { user } = renderApp(`/order/after-payment?hash_id=${order.hash_id}&failed=1`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Płatność nie powiodła się' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zapłać ponownie' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Anuluj rezerwację' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Rezerwacja anulowana' })).toBeInTheDocument();
    expect(asked).toEqual([order.hash_id]);
    expect(readDb().orders.find((o) => o.hash_id === order.hash_id)?.status).toBe('cancelled');
    expect(screen.getByText('Rezerwacja została anulowana, a miejsca wróciły do sprzedaży. Nic nie zostało pobrane.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wyszukaj to połączenie ponownie' })).toHaveAttribute('href', searchAgain);
    expect(screen.queryByRole('button', { name: 'Zapłać ponownie' })).not.toBeInTheDocument();
  });

  it('offers to cancel while the payment is not confirmed too, in English', async () => {
    mockPayment.pendingPolls = 99;
    const order = reservation();
    const { user } = renderApp(`/en/order/after-payment?hash_id=${order.hash_id}`);

    expect(await screen.findByRole('button', { name: 'Pay again' }, { timeout: 5_000 })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Cancel the reservation' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Reservation cancelled' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for this connection again' })).toHaveAttribute('href', `/en${searchAgain}`);
  });

  it('says a reservation cancelled earlier is cancelled and offers the same search', async () => {
    const order = reservation({ cancelled: true });
    renderApp(`/order/after-payment?hash_id=${order.hash_id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Rezerwacja anulowana' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wyszukaj to połączenie ponownie' })).toHaveAttribute('href', searchAgain);
    expect(screen.queryByRole('button', { name: 'Anuluj rezerwację' })).not.toBeInTheDocument();
  });
});
