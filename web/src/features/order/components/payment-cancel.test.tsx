// Back from the gateway unpaid, "Anuluj" cancels the reservation on the server (issue 30): the page
// says it is cancelled and offers the same search again, with no payment left to make.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { warsawDate } from '@/i18n/format';
import { readDb, withDb } from '@/testing/mocks/data/booking-db';
import { connectionFor, courseId } from '@/testing/mocks/data/catalogue';
import { createOrder } from '@/testing/mocks/data/orders';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

import { useBookingStore } from '../stores/booking-store';
import { paymentRedirect, rememberGatewayVisit } from '../utils/payment-redirect';

const day = warsawDate(new Date(Date.now() + 3 * 86_400_000));

describe('cancelling a reservation back from the gateway', { timeout: 20_000 }, () => {
  it('cancels it on the server, says so and offers the same search again', async () => {
    vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    const outbound = connectionFor(courseId(1, day, '12:00'), 1, 11);
    if (!outbound) throw new Error('no demo course');
    const order = withDb((db) =>
      createOrder(db, {
        user_id: null,
        customer: { first_name: 'Anna', last_name: 'Nowak', email: 'anna.nowak@example.com', phone: '601202303', notify_by_sms: false },
        invoice: null,
        outbound,
        back: null,
        tickets: [{ qty: 1, discount_id: null }],
        coupon: null,
        origin: 'http://localhost:3000',
      }),
    );
    useBookingStore.getState().chooseCourses(outbound, null);
    useBookingStore.getState().setPlaced(order.hash_id);
    rememberGatewayVisit(order.payment_url ?? '');
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/order/order/cancel-reservation')) asked.push(new URL(request.url).searchParams.get('hash_id') ?? '');
    });
    const { user } = renderApp('/order/payment');

    await user.click(await screen.findByRole('button', { name: 'Anuluj' }, { timeout: 5_000 }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Rezerwacja anulowana' })).toBeInTheDocument();
    expect(asked).toEqual([order.hash_id]);
    expect(readDb().orders.find((o) => o.hash_id === order.hash_id)?.status).toBe('cancelled');
    expect(screen.getByRole('alert')).toHaveTextContent('Rezerwacja została anulowana, a miejsca wróciły do sprzedaży.');
    expect(screen.getByRole('link', { name: 'Wyszukaj to połączenie ponownie' })).toHaveAttribute(
      'href',
      `/search?tripMode=one_way&start=1&end=11&date=${day}`,
    );
    expect(screen.queryByRole('link', { name: 'Zapłać' })).not.toBeInTheDocument();
    server.events.removeAllListeners();
  });
});
