import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MESSAGES } from '@/i18n/messages';

import { clock } from '../utils/clock';

import { PaymentCountdown } from './payment-countdown';

const START = new Date('2030-07-12T10:00:00Z');
const URL = 'https://pay.example.test/sandbox/abc';

function renderCountdown(onRedirect = vi.fn(), locale: 'pl' | 'en' = 'pl') {
  render(
    <IntlProvider locale={locale} messages={MESSAGES[locale]}>
      <PaymentCountdown
        paymentUrl={URL}
        expiresAt={new Date(START.getTime() + 15 * 60_000).toISOString()}
        onRedirect={onRedirect}
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
});

describe('payment countdown', () => {
  it('counts down to the redirect and goes to the payment after 5 seconds, once', () => {
    const onRedirect = renderCountdown();

    expect(screen.getByText('Przekierujemy Cię do płatności za 5 sekund.')).toBeInTheDocument();
    expect(screen.getByText('Rezerwacja ważna jeszcze 15:00')).toHaveAttribute('role', 'timer');
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
    expect(screen.getByText('Rezerwacja ważna jeszcze 14:30')).toBeInTheDocument();
    expect(status()).toHaveTextContent('');

    tick(30_000);
    expect(status()).toHaveTextContent('Rezerwacja wygaśnie za 14 minut.');
    const announced = status().textContent;
    tick(1_000);
    tick(1_000);
    expect(screen.getByText('Rezerwacja ważna jeszcze 13:58')).toBeInTheDocument();
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
    expect(screen.getByText('Reservation valid for another 15:00')).toBeInTheDocument();
  });
});

describe('clock', () => {
  it('shows whole seconds as mm:ss, never below zero', () => {
    expect(clock(900)).toBe('15:00');
    expect(clock(61.2)).toBe('01:02');
    expect(clock(-3)).toBe('00:00');
  });
});
