import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { warsawDate } from '@/i18n/format';
import { apiUrl } from '@/testing/mocks/api-url';
import { mockPayment, readDb, withDb } from '@/testing/mocks/data/booking-db';
import { DEMO_ORDER_HASHES } from '@/testing/mocks/data/booking-seed';
import { connectionFor, courseId } from '@/testing/mocks/data/catalogue';
import { createOrder, markPaid } from '@/testing/mocks/data/orders';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

import { useBookingStore } from '../stores/booking-store';
import { paymentRedirect } from '../utils/payment-redirect';

const day = warsawDate(new Date(Date.now() + 3 * 86_400_000));

/** A pending order of two passengers Nisko → Kraków and back, in the mock backend. */
function placeDemoOrder({ paid = false } = {}) {
  const outbound = connectionFor(courseId(1, day, '12:00'), 1, 11);
  const back = connectionFor(courseId(2, day, '18:15'), 11, 1);
  if (!outbound || !back) throw new Error('no demo course');
  return withDb((db) => {
    const order = createOrder(db, {
      user_id: null,
      customer: { first_name: 'Anna', last_name: 'Nowak', email: 'anna.nowak@example.com', phone: '601202303', notify_by_sms: false },
      invoice: null,
      outbound,
      back,
      tickets: [
        { qty: 1, discount_id: null },
        { qty: 1, discount_id: 5 },
      ],
      coupon: { code: 'LATO2026', amount: 2000 },
      origin: 'http://localhost:3000',
    });
    if (paid) markPaid(db, order);
    return order;
  });
}

afterEach(() => {
  mockPayment.pendingPolls = 1;
});

describe('after payment', { timeout: 20_000 }, () => {
  it('waits for the confirmation, then shows the paid order with its tickets', async () => {
    const order = placeDemoOrder();
    useBookingStore.getState().setCustomer({ first_name: 'Anna' });
    const { router } = renderApp(`/order/after-payment?hash_id=${order.hash_id}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Czekamy na potwierdzenie płatności' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(order.number).toMatch(/^NB-\d{4}-\d{6}$/);
    expect(screen.getByText(`Zamówienie ${order.number}`)).toBeInTheDocument();
    // Paying again asks for a new transaction: a button, not a link back to the old one.
    expect(screen.getByRole('button', { name: 'Zapłać ponownie' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Zapłać ponownie' })).not.toBeInTheDocument();

    // The next poll (2 s later) finds it paid.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dziękujemy! Zamówienie opłacone' }, { timeout: 6_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/order/success/${order.hash_id}`);
    await waitFor(() => expect(document.title).toBe('Dziękujemy! Zamówienie opłacone | Nisko Bus'));
    // The booking is finished: the form starts clean next time.
    expect(useBookingStore.getState().customer.first_name).toBe('');
  });

  it('after a failed payment offers to pay again while the reservation holds', async () => {
    mockPayment.pendingPolls = 99;
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    const order = placeDemoOrder();
    const { user } = renderApp(`/order/after-payment?hash_id=${order.hash_id}&failed=1`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Płatność nie powiodła się' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText(/Rezerwacja jest ważna do \d\d:\d\d\. Możesz spróbować zapłacić jeszcze raz\./)).toBeInTheDocument();
    expect(screen.getByText(`Zamówienie ${order.number}`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Zapłać ponownie' }));

    // A new transaction of the same reservation, not the rejected one.
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    const url = go.mock.calls[0]?.[0];
    expect(url).not.toBe(order.payment_url);
    expect(url).toBe(`http://localhost:3000/order/after-payment?hash_id=${order.hash_id}&attempt=2`);
    // The button stays disabled while the browser leaves for the gateway.
    expect(screen.getByRole('button', { name: 'Zapłać ponownie' })).toBeDisabled();
  });

  it('disables "pay again" while the new payment is being registered', async () => {
    mockPayment.pendingPolls = 99;
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    const order = placeDemoOrder();
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let calls = 0;
    server.use(
      http.post(apiUrl('/order/order/pay-again'), async ({ request }) => {
        calls += 1;
        expect(new URL(request.url).searchParams.get('hash_id')).toBe(order.hash_id);
        await answered;
        return HttpResponse.json({ data: { payment_url: 'https://gateway.example/trnRequest/NEW', expires_at: order.expires_at } });
      }),
    );
    const { user } = renderApp(`/order/after-payment?hash_id=${order.hash_id}&failed=1`);
    const button = await screen.findByRole('button', { name: 'Zapłać ponownie' }, { timeout: 5_000 });

    await user.click(button);
    expect(await screen.findByText('Przygotowujemy nową płatność…')).toBeInTheDocument();
    expect(button).toBeDisabled();
    await user.click(button);
    expect(go).not.toHaveBeenCalled();

    answer?.();
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://gateway.example/trnRequest/NEW'));
    expect(calls).toBe(1);
  });

  it('says the reservation expired when paying again is refused for that', async () => {
    mockPayment.pendingPolls = 99;
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    const order = placeDemoOrder();
    // The seats were released, though the order's status has not caught up yet.
    server.use(
      http.post(apiUrl('/order/order/pay-again'), () =>
        HttpResponse.json({ name: 'Conflict', message: 'The reservation has expired.', status: 409, code: 'reservation.expired' }, { status: 409 }),
      ),
    );
    const { user } = renderApp(`/order/after-payment?hash_id=${order.hash_id}&failed=1`);

    await user.click(await screen.findByRole('button', { name: 'Zapłać ponownie' }, { timeout: 5_000 }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Rezerwacja wygasła' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Czas na płatność minął, a miejsca wróciły do sprzedaży.');
    expect(screen.getByRole('link', { name: 'Wyszukaj to połączenie ponownie' })).toHaveAttribute(
      'href',
      `/search?tripMode=round_trip&start=1&end=11&date=${day}&dateBack=${day}`,
    );
    expect(screen.queryByRole('button', { name: 'Zapłać ponownie' })).not.toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });

  it('says so when the payment cannot be started, and lets the customer try again', async () => {
    mockPayment.pendingPolls = 99;
    const order = placeDemoOrder();
    server.use(
      http.post(apiUrl('/order/order/pay-again'), () =>
        HttpResponse.json(
          { name: 'Service Unavailable', message: 'the service is temporarily unavailable', status: 503, code: 'unavailable' },
          { status: 503 },
        ),
      ),
    );
    const { user } = renderApp(`/order/after-payment?hash_id=${order.hash_id}`);

    await user.click(await screen.findByRole('button', { name: 'Zapłać ponownie' }, { timeout: 5_000 }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się rozpocząć nowej płatności. Spróbuj ponownie za chwilę.');
    expect(screen.getByRole('button', { name: 'Zapłać ponownie' })).toBeEnabled();
  });

  it('pays again in English: the gateway sends the customer back to the English page', async () => {
    mockPayment.pendingPolls = 99;
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    const order = placeDemoOrder();
    const { user } = renderApp(`/en/order/after-payment?hash_id=${order.hash_id}&failed=1`);

    expect(await screen.findByText(`Order ${order.number}`, {}, { timeout: 5_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay again' }));

    await waitFor(() => expect(go).toHaveBeenCalledWith(expect.stringMatching(/\/en\/order\/after-payment\?hash_id=/)));
  });

  it('explains an expired reservation', async () => {
    const order = placeDemoOrder();
    server.use(
      http.get(apiUrl('/order/order/success-data'), () =>
        HttpResponse.json({ data: { ...readOrderView(order.hash_id), status: 'expired', payment_url: null } }),
      ),
    );
    renderApp(`/order/after-payment?hash_id=${order.hash_id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Rezerwacja wygasła' }, { timeout: 5_000 })).toBeInTheDocument();
    // The same connection again: the search of its stops and days, not an empty one.
    expect(screen.getByRole('link', { name: 'Wyszukaj to połączenie ponownie' })).toHaveAttribute(
      'href',
      `/search?tripMode=round_trip&start=1&end=11&date=${day}&dateBack=${day}`,
    );
  });

  it('says when there is no such order', async () => {
    renderApp('/order/after-payment?hash_id=nie-ma-takiego');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nie znaleziono zamówienia' }, { timeout: 5_000 })).toBeInTheDocument();
  });
});

function readOrderView(hash: string) {
  const order = readDb().orders.find((candidate) => candidate.hash_id === hash);
  if (!order) throw new Error('no order');
  return { ...order, total_formatted: '', to_pay_formatted: '', tickets: [] };
}

describe('order success page', { timeout: 20_000 }, () => {
  it('shows each ticket with number, code, leg, price and its QR code as an image', async () => {
    const order = placeDemoOrder({ paid: true });
    renderApp(`/order/success/${order.hash_id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Dziękujemy! Zamówienie opłacone' }, { timeout: 5_000 })).toBeInTheDocument();
    // The readable number; the hash stays in the address only.
    expect(await screen.findByText(`Zamówienie ${order.number} jest opłacone. Bilety wysłaliśmy na adres anna.nowak@example.com.`)).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(order.hash_id))).not.toBeInTheDocument();

    const tickets = screen.getByRole('region', { name: 'Bilety' });
    const cards = within(tickets).getAllByRole('listitem');
    // Two passengers, there and back.
    expect(cards).toHaveLength(4);
    const paid = readDb().orders.find((candidate) => candidate.hash_id === order.hash_id);
    const first = paid?.tickets[0];
    if (!first) throw new Error('no ticket');
    const card = within(tickets).getByRole('listitem', { name: `Bilet ${first.number}` });
    const qr = within(card).getByRole('img', { name: `Kod QR biletu ${first.number}` });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(card.querySelector('svg')).toBeNull();
    expect(within(card).getByText(first.code)).toBeInTheDocument();
    expect(within(card).getByText('Tam')).toBeInTheDocument();
    expect(within(card).getByText('39,00 zł')).toBeInTheDocument();
    expect(within(card).getByText('Ważny')).toBeInTheDocument();

    const trip = screen.getByRole('region', { name: 'Przejazd' });
    expect(within(trip).getByText('Odjazd 12:00 – Nisko, Dworzec Autobusowy')).toBeInTheDocument();
    expect(within(trip).getByText('Odjazd 18:15 – Kraków, MDA Dworzec Autobusowy')).toBeInTheDocument();

    const amounts = screen.getByRole('region', { name: 'Płatność' });
    // 78 zł + 51% off 78 zł (38,22 zł) = 116,22 zł; the coupon paid 20 zł.
    expect(within(amounts).getByText('116,22 zł')).toBeInTheDocument();
    expect(within(amounts).getByText('Kupon LATO2026').nextElementSibling).toHaveTextContent('-20,00 zł');
    expect(within(amounts).getByText('Zapłacono').nextElementSibling).toHaveTextContent('96,22 zł');
  });

  it('shows an order from before numbering by its hash', async () => {
    const hash = DEMO_ORDER_HASHES[1];
    expect(readDb().orders.find((candidate) => candidate.hash_id === hash)?.number).toBeNull();
    renderApp(`/order/success/${hash}`);
    expect(await screen.findByText(`Zamówienie ${hash} jest opłacone. Bilety wysłaliśmy na adres jan.kowalski@example.com.`, {}, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('sends an unpaid order to its payment status', async () => {
    mockPayment.pendingPolls = 99;
    const order = placeDemoOrder();
    renderApp(`/order/success/${order.hash_id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'To zamówienie nie zostało jeszcze opłacone.' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sprawdź status płatności' })).toHaveAttribute(
      'href',
      `/order/after-payment?hash_id=${order.hash_id}`,
    );
  });

  it('is in English under /en', async () => {
    const order = placeDemoOrder({ paid: true });
    renderApp(`/en/order/success/${order.hash_id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you! Order paid' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(await screen.findAllByRole('img', { name: /^QR code of ticket NK-\d{4}-\d{6}$/ })).toHaveLength(4);
    expect(screen.getAllByText('PLN 39.00').length).toBeGreaterThan(0);
  });
});

describe('payment page', { timeout: 20_000 }, () => {
  it('shows the saved reservation and redirects to the gateway', async () => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    const order = placeDemoOrder();
    // The draft knows which order it became; the page reads the order itself (success-data).
    useBookingStore.getState().setPlaced(order.hash_id);
    renderApp('/order/payment');

    expect(await screen.findByRole('heading', { level: 1, name: 'Rezerwacja zapisana' }, { timeout: 5_000 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Rezerwacja zapisana | Nisko Bus'));
    expect(screen.getByText('Status: rezerwacja oczekuje na płatność')).toBeInTheDocument();
    expect(screen.getByText('Do zapłaty').nextElementSibling).toHaveTextContent('96,22 zł');
    expect(screen.getByText(`Numer rezerwacji: ${order.number ?? ''}`)).toBeInTheDocument();
    expect(order.number).toMatch(/^NB-\d{4}-\d{6}$/);
    expect(screen.getByText(/^Rezerwacja ważna jeszcze \d+ min$/)).toHaveAttribute('role', 'timer');
    await waitFor(() => expect(go).toHaveBeenCalledWith(order.payment_url), { timeout: 7_000 });
  });

  it('waits for the read model after a reload: a reservation not projected yet is asked for again', async () => {
    vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    const order = placeDemoOrder();
    useBookingStore.getState().setPlaced(order.hash_id);
    // The first two reads come before the projection has the order: 404, as the server answers.
    let reads = 0;
    server.use(
      http.get(apiUrl('/order/order/success-data'), () => {
        reads += 1;
        if (reads > 2) return undefined;
        return HttpResponse.json(
          { name: 'Not Found', message: 'There is no such order.', status: 404, code: 'order.not_found' },
          { status: 404 },
        );
      }),
    );
    renderApp('/order/payment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rezerwacja zapisana' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(reads).toBe(3);
    expect(screen.queryByText('Brak rezerwacji')).not.toBeInTheDocument();
  });

  it('has nothing to show without a placed order, and its title and heading say so', async () => {
    renderApp('/order/payment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Brak rezerwacji' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText('Nie ma rezerwacji do opłacenia.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Brak rezerwacji | Nisko Bus'));
    expect(screen.queryByText('Rezerwacja zapisana')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wyszukaj połączenie' })).toHaveAttribute('href', '/');
  });

  it('says there is no reservation in English too', async () => {
    renderApp('/en/order/payment');
    expect(await screen.findByRole('heading', { level: 1, name: 'No reservation' }, { timeout: 5_000 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('No reservation | Nisko Bus'));
  });
});
