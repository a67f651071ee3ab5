import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { warsawDate } from '@/i18n/format';
import { apiUrl } from '@/testing/mocks/api-url';
import { connectionFor, courseId } from '@/testing/mocks/data/catalogue';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

import { placedOrderQueryOptions } from '../api/get-order';
import { useBookingStore, type BookingCourse } from '../stores/booking-store';
import { paymentRedirect } from '../utils/payment-redirect';

const day = warsawDate(new Date(Date.now() + 2 * 86_400_000));

function course(line: number, time: string, from: number, to: number): BookingCourse {
  const found = connectionFor(courseId(line, day, time), from, to);
  if (!found) throw new Error('no such demo course');
  return found;
}

const niskoKrakow = () => course(1, '07:30', 1, 11);
const krakowNisko = () => course(2, '15:00', 11, 1);

const validCustomer = {
  first_name: 'Anna',
  last_name: 'Nowak',
  email: 'anna.nowak@example.com',
  phone: '+48 601 202 303',
  consent_statute: 1 as const,
  consent_gdpr: 1 as const,
  notify_by_sms: 0 as const,
  id: null,
};

function startBooking({ back = false, customer = false } = {}) {
  const store = useBookingStore.getState();
  store.chooseCourses(niskoKrakow(), back ? krakowNisko() : null);
  if (customer) store.setCustomer(validCustomer);
}

const totalRegion = () => screen.getByText(/Razem za bilety/).closest('[aria-live]');

beforeEach(() => {
  vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('order form', { timeout: 20_000 }, () => {
  it('asks to search first when no course was chosen', async () => {
    renderApp('/order/ticket');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zamówienie biletów' }, { timeout: 5_000 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Zamówienie biletów | Nisko Bus'));
    expect(screen.getByText(/Nie wybrano jeszcze połączenia/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wyszukaj połączenie' })).toHaveAttribute('href', '/');
  });

  it('shows the chosen course and prices the default ticket (qty 1, full fare)', async () => {
    startBooking();
    renderApp('/order/ticket');

    const trip = await screen.findByRole('region', { name: 'Wybrane połączenie' }, { timeout: 5_000 });
    expect(within(trip).getByText('Odjazd 07:30 – Nisko, Dworzec Autobusowy')).toBeInTheDocument();
    expect(within(trip).getByText('Przyjazd 11:25 – Kraków, MDA Dworzec Autobusowy')).toBeInTheDocument();

    expect(screen.getByRole('spinbutton', { name: 'Liczba pasażerów' })).toHaveValue(1);
    expect(screen.getByRole('combobox', { name: 'Ulga' })).toHaveDisplayValue('Bilet normalny (bez ulgi)');
    expect(await screen.findByText('Cena za osobę: 39,00 zł', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(totalRegion()).toHaveTextContent('Razem za bilety: 39,00 zł');
    expect(totalRegion()).toHaveAttribute('aria-live', 'polite');
  });

  it('offers the usable discounts only and recalculates when a line changes', async () => {
    startBooking({ back: true });
    const { user } = renderApp('/order/ticket');
    expect(await screen.findByText('Cena za osobę: 78,00 zł', {}, { timeout: 5_000 })).toBeInTheDocument();

    const discount = screen.getByRole('combobox', { name: 'Ulga' });
    await waitFor(() => expect(within(discount).getAllByRole('option').length).toBeGreaterThan(1));
    const options = within(discount).getAllByRole('option').map((option) => option.textContent);
    expect(options).toContain('Ulga 37% – dzieci od 4 lat, kombatanci, emeryci i renciści');
    expect(options).toContain('Karta Dużej Rodziny – 20%');
    // Expired in 2025: not offered.
    expect(options).not.toContain('Promocja wakacyjna – 5 zł');

    await user.selectOptions(discount, 'Ulga 37% – dzieci od 4 lat, kombatanci, emeryci i renciści');
    // 37% off 39 zł is 24,57 zł per leg, both ways 49,14 zł.
    expect(await screen.findByText('Cena za osobę: 49,14 zł', {}, { timeout: 5_000 })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dodaj bilet z inną ulgą' }));
    const second = screen.getByRole('listitem', { name: 'Bilet 2' });
    await user.clear(within(second).getByRole('spinbutton', { name: 'Liczba pasażerów' }));
    await user.type(within(second).getByRole('spinbutton', { name: 'Liczba pasażerów' }), '2');

    await waitFor(() => expect(totalRegion()).toHaveTextContent('Razem za bilety: 205,14 zł'));
    expect(within(second).getByText('Razem: 156,00 zł')).toBeInTheDocument();
    expect(useBookingStore.getState().tickets).toEqual([
      { qty: 1, discount_id: 7, price: 4914, total: 4914, total_formatted: '49,14\u00a0zł' },
      { qty: 2, discount_id: null, price: 7800, total: 15600, total_formatted: '156,00\u00a0zł' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Usuń bilet 1' }));
    await waitFor(() => expect(totalRegion()).toHaveTextContent('Razem za bilety: 156,00 zł'));
  });

  it('requires both consents and says so next to the fields and in a summary', async () => {
    startBooking();
    useBookingStore.getState().setCustomer({ ...validCustomer, consent_statute: 0, consent_gdpr: 0, notify_by_sms: 1 });
    const { user } = renderApp('/order/ticket');
    await screen.findByText('Cena za osobę: 39,00 zł', {}, { timeout: 5_000 });

    await user.click(screen.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }));

    const summary = await screen.findByRole('alert', { name: 'Popraw 2 błędy' });
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('link', { name: 'Zaakceptuj regulamin, aby złożyć zamówienie.' })).toHaveAttribute(
      'href',
      '#order-customer-consent-statute',
    );
    const terms = screen.getByRole('checkbox', { name: /Akceptuję regulamin przewozu/ });
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(terms).toHaveAccessibleDescription('Zaakceptuj regulamin, aby złożyć zamówienie.');
    expect(screen.getByRole('checkbox', { name: /przetwarzanie moich danych/ })).toHaveAccessibleDescription(
      'Wyraź zgodę na przetwarzanie danych osobowych, aby złożyć zamówienie.',
    );
    // The optional SMS consent is not an error.
    expect(screen.getByRole('checkbox', { name: /SMS-em/ })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('link', { name: /^regulamin przewozu i sprzedaży biletów\s*\(otwiera się w nowej karcie\)$/ })).toHaveAttribute(
      'href',
      '/regulamin',
    );

    await user.click(within(summary).getByRole('link', { name: 'Zaakceptuj regulamin, aby złożyć zamówienie.' }));
    expect(terms).toHaveFocus();
  });

  it('checks the NIP checksum of a Polish invoice', async () => {
    startBooking({ customer: true });
    const { user } = renderApp('/order/ticket');
    await screen.findByText('Cena za osobę: 39,00 zł', {}, { timeout: 5_000 });

    await user.click(screen.getByRole('checkbox', { name: 'Chcę otrzymać fakturę VAT' }));
    expect(screen.getByRole('combobox', { name: 'Kraj' })).toHaveDisplayValue('Polska');
    await user.type(screen.getByRole('textbox', { name: 'NIP' }), '123-456-32-19');
    await user.type(screen.getByRole('textbox', { name: 'Nazwa firmy' }), 'Hurtownia Sanok Sp. z o.o.');
    await user.type(screen.getByRole('textbox', { name: 'Ulica i numer' }), 'ul. Mickiewicza 5');
    await user.type(screen.getByRole('textbox', { name: 'Kod pocztowy' }), '38-500');
    await user.type(screen.getByRole('textbox', { name: 'Miejscowość' }), 'Sanok');
    await user.click(screen.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }));

    expect(await screen.findByRole('alert', { name: 'Popraw 1 błąd' })).toBeInTheDocument();
    const nip = screen.getByRole('textbox', { name: 'NIP' });
    expect(nip).toHaveAccessibleDescription('10 cyfr, np. 123-456-32-18 Ten NIP jest nieprawidłowy. Sprawdź cyfry.');

    // Editing the field takes its message away.
    await user.type(nip, '{Backspace}8');
    expect(nip).toHaveAccessibleDescription('10 cyfr, np. 123-456-32-18');
    expect(nip).not.toHaveAttribute('aria-invalid');
  });

  it('checks a NIP with an error again as it is corrected, in the field and in the error summary', async () => {
    startBooking({ customer: true });
    const { user } = renderApp('/order/ticket');
    await screen.findByText('Cena za osobę: 39,00 zł', {}, { timeout: 5_000 });

    await user.click(screen.getByRole('checkbox', { name: 'Chcę otrzymać fakturę VAT' }));
    const nip = screen.getByRole('textbox', { name: 'NIP' });
    await user.type(nip, '123-456-32-19');
    await user.type(screen.getByRole('textbox', { name: 'Nazwa firmy' }), 'Hurtownia Sanok Sp. z o.o.');
    await user.type(screen.getByRole('textbox', { name: 'Ulica i numer' }), 'ul. Mickiewicza 5');
    await user.type(screen.getByRole('textbox', { name: 'Kod pocztowy' }), '38-500');
    await user.type(screen.getByRole('textbox', { name: 'Miejscowość' }), 'Sanok');
    await user.click(screen.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }));
    const summary = await screen.findByRole('alert', { name: 'Popraw 1 błąd' });
    expect(summary).toHaveTextContent('Ten NIP jest nieprawidłowy. Sprawdź cyfry.');

    // Still wrong while it is being corrected: the message stays, in the field and in the summary.
    await user.type(nip, '{Backspace}');
    expect(nip).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert', { name: 'Popraw 1 błąd' })).toHaveTextContent('Ten NIP jest nieprawidłowy.');

    // Right: the message goes at once from both, before any new submit.
    await user.type(nip, '8');
    expect(nip).not.toHaveAttribute('aria-invalid');
    expect(nip).toHaveAccessibleDescription('10 cyfr, np. 123-456-32-18');
    expect(screen.queryByRole('alert', { name: /Popraw/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Ten NIP jest nieprawidłowy. Sprawdź cyfry.')).not.toBeInTheDocument();
  });

  it('shows the backend’s 422 of a step next to its field, translated when known', async () => {
    server.use(
      http.post(apiUrl('/order/order/validate'), ({ request }) =>
        new URL(request.url).searchParams.get('step') === 'tickets'
          ? HttpResponse.json(
              {
                name: 'Unprocessable Entity',
                message: 'There should be at least one ticket in the order',
                status: 422,
                code: 'validation',
                errors: [{ field: 'tickets', message: 'There should be at least one ticket in the order', code: 'order.no_tickets' }],
              },
              { status: 422 },
            )
          : HttpResponse.json({ data: { valid: true } }),
      ),
    );
    startBooking({ customer: true });
    const { user, router } = renderApp('/order/ticket');
    await screen.findByText('Cena za osobę: 39,00 zł', {}, { timeout: 5_000 });

    await user.click(screen.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }));

    const summary = await screen.findByRole('alert', { name: 'Popraw 1 błąd' });
    expect(summary).toHaveTextContent('Zamówienie musi zawierać co najmniej jeden bilet.');
    expect(screen.getByRole('group', { name: 'Bilety' })).toHaveAccessibleDescription(
      'Zamówienie musi zawierać co najmniej jeden bilet.',
    );
    expect(router.state.location.pathname).toBe('/order/ticket');
  });

  it('applies a coupon (and refuses an unknown one), lowering what is left to pay', async () => {
    startBooking({ back: true, customer: true });
    const { user } = renderApp('/order/ticket');
    await screen.findByText('Cena za osobę: 78,00 zł', {}, { timeout: 5_000 });

    const code = screen.getByRole('textbox', { name: 'Kod kuponu' });
    await user.type(code, 'NIEMA{Enter}');
    expect(await screen.findByText('Nie ma takiego kuponu.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await user.clear(code);
    await user.type(code, 'lato2026');
    await user.click(screen.getByRole('button', { name: 'Zastosuj kupon' }));
    expect(await screen.findByText('Kupon LATO2026 – do wykorzystania 20,00 zł.')).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Podsumowanie' });
    expect(within(totals).getByText('Do zapłaty').nextElementSibling).toHaveTextContent('58,00 zł');
    expect(useBookingStore.getState().coupon).toEqual({ code: 'LATO2026', value: 2000 });

    await user.click(screen.getByRole('button', { name: 'Usuń kupon' }));
    expect(useBookingStore.getState().coupon).toEqual({ code: null, value: 0 });
    expect(within(totals).getByText('Do zapłaty').nextElementSibling).toHaveTextContent('78,00 zł');
  });

  it('places the order with an Idempotency-Key and shows the saved reservation', async () => {
    const keys: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/order/order/place')) keys.push(request.headers.get('idempotency-key'));
    });
    startBooking({ customer: true });
    const { user, router, queryClient } = renderApp('/order/ticket');
    await screen.findByText('Cena za osobę: 39,00 zł', {}, { timeout: 5_000 });

    await user.click(screen.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Rezerwacja zapisana' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/order/payment');
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    // The placed order is server data (the order query), the draft only knows its hash id.
    const placedHashId = useBookingStore.getState().placedHashId ?? '';
    expect(queryClient.getQueryData(placedOrderQueryOptions(placedHashId).queryKey)).toMatchObject({ status: 'pending_payment', to_pay: 3900 });
    server.events.removeAllListeners();
  });

  it('retries a placement whose answer was lost with the same key and body', async () => {
    const sent: { key: string | null; body: string }[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/order/order/place')) {
        void request
          .clone()
          .text()
          .then((body) => sent.push({ key: request.headers.get('idempotency-key'), body }));
      }
    });
    server.use(http.post(apiUrl('/order/order/place'), () => HttpResponse.error(), { once: true }));
    startBooking({ customer: true });
    const { user } = renderApp('/order/ticket');
    await screen.findByText('Cena za osobę: 39,00 zł', {}, { timeout: 5_000 });

    await user.click(screen.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/serwer nie odpowiedział/);

    await user.click(screen.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rezerwacja zapisana' })).toBeInTheDocument();

    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent[1]?.body).toBe(sent[0]?.body);
    server.events.removeAllListeners();
  });

  it('says so when the seats are gone (409)', async () => {
    server.use(
      http.post(apiUrl('/order/order/place'), () =>
        HttpResponse.json(
          { name: 'Conflict', message: 'There are no seats left on this course.', status: 409, code: 'seats.not_enough' },
          { status: 409 },
        ),
      ),
    );
    startBooking({ customer: true });
    const { user } = renderApp('/order/ticket');
    await screen.findByText('Cena za osobę: 39,00 zł', {}, { timeout: 5_000 });

    await user.click(screen.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Brak wystarczającej liczby wolnych miejsc w wybranym kursie.');
    expect(useBookingStore.getState().placeAttempt).toBeNull();
  });

  it('is in English under /en', async () => {
    startBooking();
    renderApp('/en/order/ticket');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket order' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(await screen.findByText('Price per person: PLN 39.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Order with obligation to pay' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Ticket order | Nisko Bus'));
  });
});
