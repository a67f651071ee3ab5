import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MESSAGES } from '@/i18n/messages';

import { rememberGatewayVisit } from '../utils/payment-redirect';

import { PaymentCountdown } from './payment-countdown';

const START = new Date('2030-07-12T10:00:00Z');
const URL = 'https://pay.example.test/sandbox/abc';

function renderCountdown(onRedirect = vi.fn(), locale: 'pl' | 'en' = 'pl', onCancel = vi.fn()) {
  render(
    <IntlProvider locale={locale} messages={MESSAGES[locale]}>
      <PaymentCountdown
        paymentUrl={URL}
        expiresAt={new Date(START.getTime() + 15 * 60_000).toISOString()}
        onRedirect={onRedirect}
        onCancel={onCancel}
      />
    </IntlProvider>,
  );
  return onRedirect;
}

function tick(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

const status = () => screen.getByRole('status');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('payment countdown', () => {
  it('counts down to the redirect and goes to the payment after 5 seconds, once', () => {
    const onRedirect = renderCountdown();

    expect(screen.getByText('Przekierujemy Cię do płatności za 5 sekund.')).toBeInTheDocument();
    expect(screen.getByText('Rezerwacja ważna jeszcze 15 min')).toHaveAttribute('role', 'timer');
    expect(screen.getByRole('link', { name: 'Przejdź do płatności teraz' })).toHaveAttribute('href', URL);
    expect(status()).toHaveTextContent('');

    tick(1_000);
    expect(screen.getByText('Przekierujemy Cię do płatności za 4 sekundy.')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Za chwilę nastąpi przekierowanie do płatności. Możesz je zatrzymać.');

    tick(3_000);
    expect(onRedirect).not.toHaveBeenCalled();
    expect(screen.getByText('Przekierujemy Cię do płatności za 1 sekundę.')).toBeInTheDocument();

    tick(1_000);
    expect(onRedirect).toHaveBeenCalledExactlyOnceWith(URL);
    expect(status()).toHaveTextContent('Przekierowuję do płatności…');

    tick(5_000);
    expect(onRedirect).toHaveBeenCalledTimes(1);
  });

  it('lets the redirect be stopped (WCAG 2.2.1)', () => {
    const onRedirect = renderCountdown();
    fireEvent.click(screen.getByRole('button', { name: 'Zatrzymaj przekierowanie' }));

    tick(10_000);
    expect(onRedirect).not.toHaveBeenCalled();
    expect(screen.getByText('Przekierowanie zatrzymane. Przejdź do płatności, kiedy zechcesz.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zatrzymaj przekierowanie' })).not.toBeInTheDocument();
  });

  it('announces the reservation time once a minute, not every second', () => {
    renderCountdown();
    fireEvent.click(screen.getByRole('button', { name: 'Zatrzymaj przekierowanie' }));

    tick(30_000);
    // Whole minutes, rounded up: "15 min" is a time left, not a clock time like "14:30".
    expect(screen.getByText('Rezerwacja ważna jeszcze 15 min')).toBeInTheDocument();
    expect(status()).toHaveTextContent('');

    tick(30_000);
    expect(status()).toHaveTextContent('Rezerwacja wygaśnie za 14 minut.');
    const announced = status().textContent;
    tick(1_000);
    tick(1_000);
    expect(screen.getByText('Rezerwacja ważna jeszcze 14 min')).toBeInTheDocument();
    expect(status().textContent).toBe(announced);

    tick(12 * 60_000 - 2_000);
    expect(status()).toHaveTextContent('Rezerwacja wygaśnie za 2 minuty.');
    tick(60_000);
    expect(status()).toHaveTextContent('Rezerwacja wygaśnie za 1 minutę.');
  });

  it('says when the reservation has expired and stops offering the payment', () => {
    const onRedirect = renderCountdown();
    fireEvent.click(screen.getByRole('button', { name: 'Zatrzymaj przekierowanie' }));

    tick(15 * 60_000);
    expect(status()).toHaveTextContent('Czas na płatność minął. Rezerwacja wygasła, a miejsca wróciły do sprzedaży.');
    expect(screen.queryByRole('link', { name: 'Przejdź do płatności teraz' })).not.toBeInTheDocument();
    expect(onRedirect).not.toHaveBeenCalled();
  });

  it('speaks English under /en', () => {
    renderCountdown(vi.fn(), 'en');
    expect(screen.getByText('Taking you to the payment in 5 seconds.')).toBeInTheDocument();
    expect(screen.getByText('Reservation held for another 15 min')).toBeInTheDocument();
  });

  it('back from the gateway, offers to pay or cancel instead of sending the customer there again', () => {
    rememberGatewayVisit(URL);
    const onCancel = vi.fn();
    const onRedirect = renderCountdown(vi.fn(), 'pl', onCancel);

    tick(10_000);
    expect(onRedirect).not.toHaveBeenCalled();
    expect(screen.queryByText(/Przekierujemy Cię do płatności/)).not.toBeInTheDocument();
    expect(screen.getByText('Płatność nie została dokończona. Możesz zapłacić teraz albo zrezygnować.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zapłać' })).toHaveAttribute('href', URL);
    fireEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('remembers that the tab went to the gateway, for the way back', () => {
    const onRedirect = renderCountdown();
    tick(5_000);
    expect(onRedirect).toHaveBeenCalledExactlyOnceWith(URL);
    expect(sessionStorage.getItem('nisko-bus.gateway-visited')).toBe(URL);
  });
});
