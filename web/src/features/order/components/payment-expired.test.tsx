// The payment page of an expired reservation (issue #30, 4) says only that it expired, with no
// "saved", no amount to pay and no payment, and offers the same connection again.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { warsawDate } from '@/i18n/format';
import { apiUrl } from '@/testing/mocks/api-url';
import { readDb, withDb } from '@/testing/mocks/data/booking-db';
import { connectionFor, courseId } from '@/testing/mocks/data/catalogue';
import { createOrder } from '@/testing/mocks/data/orders';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

import { useBookingStore } from '../stores/booking-store';
import { paymentRedirect } from '../utils/payment-redirect';

const day = warsawDate(new Date(Date.now() + 3 * 86_400_000));

/** A one-way order Nisko → Kraków placed from this tab, as the server reads it, with `patch` applied. */
function placedOrder(patch: Record<string, unknown>) {
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
  const stored = readDb().orders.find((candidate) => candidate.hash_id === order.hash_id);
  server.use(
    http.get(apiUrl('/order/order/success-data'), () =>
      HttpResponse.json({ data: { ...stored, total_formatted: '', to_pay_formatted: '', tickets: [], ...patch } }),
    ),
  );
  useBookingStore.getState().chooseCourses(outbound, null);
  useBookingStore.getState().setPlaced(order.hash_id);
}

const searchAgain = `/search?tripMode=one_way&start=1&end=11&date=${day}`;

describe('payment page of an expired reservation', { timeout: 20_000 }, () => {
  it('says the reservation expired and offers the same search again, nothing about paying', async () => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    placedOrder({ status: 'expired', payment_url: null });
    renderApp('/order/payment');

    expect(await screen.findByRole('heading', { level: 1, name: 'Rezerwacja wygasła' }, { timeout: 5_000 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Rezerwacja wygasła | Nisko Bus'));
    expect(screen.getByRole('alert')).toHaveTextContent('Czas na płatność minął, a miejsca wróciły do sprzedaży.');
    expect(screen.getByRole('link', { name: 'Wyszukaj to połączenie ponownie' })).toHaveAttribute('href', searchAgain);
    for (const text of [/Rezerwacja zapisana/, /oczekuje na płatność/, /Do zapłaty/, /Przejdź do płatności/]) {
      expect(screen.queryByText(text)).not.toBeInTheDocument();
    }
    expect(go).not.toHaveBeenCalled();
  });

  it('says the same once the time to pay is up, though the server has not marked it yet', async () => {
    vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    placedOrder({ status: 'pending_payment', expires_at: new Date(Date.now() - 1_000).toISOString() });
    renderApp('/en/order/payment');

    expect(await screen.findByRole('heading', { level: 1, name: 'Reservation expired' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for this connection again' })).toHaveAttribute('href', `/en${searchAgain}`);
    expect(screen.queryByText(/To pay|Amount to pay/)).not.toBeInTheDocument();
  });
});
