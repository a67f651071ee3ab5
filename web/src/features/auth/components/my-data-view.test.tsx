// Issue 38: the readable copy of a person's data says the states of orders, tickets and complaints and
// the kinds of the messages sent in words (the words the other screens use), and each order's consents
// with when they were given (none for a sale at the office's desk).
import { screen, within } from '@testing-library/react';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';

import en from '@/i18n/messages/en.json';
import pl from '@/i18n/messages/pl.json';
import { formatDisplayText } from '@/shared/lib/display-text';
import { GUEST_TOKEN } from '@/testing/mocks/handlers/privacy';
import { renderApp } from '@/testing/test-utils';

import { consentText, messageKindText } from '../lib/data-words';

const polish = createIntl({ locale: 'pl', defaultLocale: 'pl', messages: pl });
const english = createIntl({ locale: 'en', defaultLocale: 'pl', messages: en });

describe('the copy of my data (/user/my-data)', { timeout: 30_000 }, () => {
  it('says statuses, states and message kinds in words, and the consents of each order', async () => {
    renderApp('/user/my-data', { loggedInAs: 'jan.kowalski@example.com' });
    const online = (await screen.findByRole('heading', { level: 3, name: /^NB-2026-000041/ })).closest('section');
    expect(online).not.toBeNull();
    if (!online) return;
    expect(within(online).getByRole('heading', { level: 3 })).toHaveTextContent('NB-2026-000041, złożone 20 listopada 2026 · Opłacone');
    const [tickets, consents] = within(online).getAllByRole('list');
    expect(within(tickets ?? online).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'NB-2026-000041-1: Nisko → Kraków, 5 grudnia 2026 07:30 · Ważny',
      'NB-2026-000041-2: Nisko → Kraków, 5 grudnia 2026 07:30 · pasażer: Anna Kowalska · Zwrócony',
    ]);
    expect(within(online).getByText('Zgody wyrażone przy zamówieniu:')).toBeInTheDocument();
    expect(within(consents ?? online).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Akceptacja regulaminu – 20 listopada 2026 10:30',
      'Zgoda na przetwarzanie danych osobowych – 20 listopada 2026 10:30',
    ]);

    // Bought at the office's desk: no consents, and nothing said about them.
    const desk = screen.getByRole('heading', { level: 3, name: /^NB-2026-000052/ }).closest('section');
    expect(desk).not.toBeNull();
    if (!desk) return;
    expect(within(desk).getByRole('listitem')).toHaveTextContent('NB-2026-000052-1: Nisko → Kraków, 25 listopada 2026 07:30 · Wykorzystany');
    expect(within(desk).queryByText('Zgody wyrażone przy zamówieniu:')).not.toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 3, name: 'RK-2026-000007 (zamówienie NB-2026-000041), 26 listopada 2026, rozpatrzona, z odpowiedzią' })).toBeInTheDocument();
    expect(screen.getByText('20 listopada 2026 10:31: NB-2026-000041, bilety e-mailem')).toBeInTheDocument();
    expect(screen.getByText('20 listopada 2026 10:32: NB-2026-000041, dokument FV/1/2026 (faktura lub korekta) e-mailem')).toBeInTheDocument();
    expect(screen.getByText('22 listopada 2026 16:00: NB-2026-000041, zwrot biletu')).toBeInTheDocument();
    expect(screen.getByText('23 listopada 2026 11:00: NB-2026-000041, bilety ponownie SMS-em')).toBeInTheDocument();
    // No code is shown as sent.
    expect(document.body).not.toHaveTextContent(/\b(paid|valid|returned|used|answered|tickets-email|invoice-mail|personal_data)\b/);
  });

  it('says them in English under /en', async () => {
    renderApp('/en/user/my-data', { loggedInAs: 'jan.kowalski@example.com' });
    const heading = await screen.findByRole('heading', { level: 3, name: /^NB-2026-000041/ });
    expect(heading).toHaveTextContent('NB-2026-000041, placed 20 November 2026 · Paid');
    expect(screen.getByText('NB-2026-000041-2: Nisko → Kraków, 5 December 2026 07:30 · passenger: Anna Kowalska · Returned')).toBeInTheDocument();
    expect(screen.getByText('Terms and conditions accepted – 20 November 2026 10:30')).toBeInTheDocument();
    expect(screen.getByText('Consent to the processing of personal data – 20 November 2026 10:30')).toBeInTheDocument();
    expect(screen.getByText('20 November 2026 10:31: NB-2026-000041, tickets by e-mail')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: /^RK-2026-000007 \(order NB-2026-000041\), 26 November 2026, answered$/ })).toBeInTheDocument();
  });

  it('shows a guest’s data by the link the same way', async () => {
    renderApp(`/personal-data?token=${GUEST_TOKEN}`);
    expect(await screen.findByRole('heading', { level: 3, name: 'NB-2026-000077, złożone 20 listopada 2026 · Opłacone' })).toBeInTheDocument();
    expect(screen.getByText('Akceptacja regulaminu – 20 listopada 2026 10:30')).toBeInTheDocument();
    expect(screen.getByText('20 listopada 2026 10:31: NB-2026-000077, bilety')).toBeInTheDocument();
  });
});

describe('the kinds of messages and consents in words', () => {
  const pl = (kind: string) => formatDisplayText(polish, messageKindText(kind));
  it('names each kind the backend records, and shows any other as sent', () => {
    expect(pl('tickets')).toBe('bilety');
    expect(pl('tickets-email')).toBe('bilety e-mailem');
    expect(pl('tickets-sms')).toBe('bilety SMS-em');
    expect(pl('tickets-email/again/5b0e6f0c')).toBe('bilety ponownie e-mailem');
    expect(pl('payment-link')).toBe('link do płatności');
    expect(pl('invoice-mail/FV/1/2026')).toBe('dokument FV/1/2026 (faktura lub korekta) e-mailem');
    expect(pl('invoice-copy/NB-KOR/2026/4')).toBe('kopia dokumentu NB-KOR/2026/4 dla biura faktur');
    expect(pl('ticket-moved/5b0e6f0c')).toBe('zmiana kursu biletu');
    expect(pl('ticket-returned/5b0e6f0c')).toBe('zwrot biletu');
    expect(pl('disruption/5b0e6f0c')).toBe('powiadomienie o odwołaniu lub opóźnieniu kursu');
    expect(pl('disruption-notice')).toBe('powiadomienie o odwołaniu lub opóźnieniu kursu');
    expect(pl('complaint-answer')).toBe('wiadomość w sprawie reklamacji');
    expect(pl('something-new/1')).toBe('something-new/1');
    expect(formatDisplayText(english, messageKindText('payment-link'))).toBe('the payment link');
  });

  it('names both consents, and shows any other as sent', () => {
    expect(formatDisplayText(polish, consentText('terms'))).toBe('Akceptacja regulaminu');
    expect(formatDisplayText(english, consentText('personal_data'))).toBe('Consent to the processing of personal data');
    expect(consentText('marketing')).toBe('marketing');
  });
});
