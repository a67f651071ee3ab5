import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const ADMIN = { loggedInAs: 'admin@example.com' };
const NOTE =
  'Bez certyfikatu offline KSeF (KSEF_OFFLINE_CERT, KSEF_OFFLINE_KEY) wystawianie faktur offline nie jest możliwe.\nOffline invoicing is not possible without the KSeF offline certificate.\n';

async function panel() {
  return screen.findByRole('region', { name: 'Niedostępność i awarie KSeF' });
}

describe('KSeF outages under the invoice list', () => {
  it('enters an announcement, showing the server\'s refusal on its field first', async () => {
    const sent: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST' && request.url.includes('/order/ksef-outage/save')) sent.push(await request.clone().json());
    });
    const { user } = renderApp('/admin/order/invoice', ADMIN);
    const region = await panel();
    expect(within(region).getByText(/Nie wprowadzono żadnego komunikatu/)).toBeInTheDocument();
    const form = within(region).getByRole('form', { name: 'Nowy komunikat o niedostępności KSeF' });
    await user.selectOptions(within(form).getByLabelText('Rodzaj'), 'Tryb awaryjny');
    await user.type(within(form).getByLabelText('Od dnia'), '2026-11-25');
    await user.type(within(form).getByLabelText('Do dnia'), '2026-11-23');
    await user.type(within(form).getByLabelText('Źródło komunikatu'), 'BIP MF');
    await user.click(within(form).getByRole('button', { name: 'Wprowadź komunikat' }));
    const to = within(form).getByLabelText('Do dnia');
    await waitFor(() => expect(to).toHaveAttribute('aria-invalid', 'true'));
    expect(to).toHaveAccessibleDescription('the outage ends (2026-11-23) before it starts (2026-11-25)');

    await user.clear(to);
    await user.type(to, '2026-11-26');
    await user.click(within(form).getByRole('button', { name: 'Wprowadź komunikat' }));
    expect(await within(region).findByRole('status')).toHaveTextContent('Wprowadzono. Terminy wysłania faktur uwzględniają komunikat.');
    expect(sent.at(-1)).toEqual({ kind: 'emergency', from: '2026-11-25', to: '2026-11-26', note: 'BIP MF' });
    const row = (await within(region).findByText('Tryb awaryjny', { selector: 'td' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('25.11.2026');
    expect(row).toHaveTextContent('26.11.2026');
    expect(row).toHaveTextContent('BIP MF');
    expect(row).toHaveTextContent('admin@example.com');
    expect(within(form).getByLabelText('Do dnia')).not.toHaveAttribute('aria-invalid');
  });

  it('says offline invoicing is not possible without the certificate, and why sending is stuck', async () => {
    server.use(
      http.get(apiUrl('/order/ksef-outage/all'), () =>
        HttpResponse.json({
          data: {
            outages: [],
            offline_certificate: false,
            certificate_note: NOTE,
            sender_trouble: { message: 'KSeF refused the authentication: 450', since: '2026-11-27T08:00:00Z', last_at: '2026-11-27T09:00:00Z' },
            sender: null,
            oldest_not_in_ksef: null,
          },
        }),
      ),
    );
    renderApp('/admin/order/invoice', ADMIN);
    const region = await panel();
    expect(within(region).getByText('Wystawianie faktur offline nie jest możliwe bez certyfikatu offline KSeF.')).toBeInTheDocument();
    // What happens instead, in the page's language only (the server's note carries both).
    expect(within(region).getByText(/^Wytyczne wymagają na fakturze offline KODU II/)).toBeInTheDocument();
    expect(within(region).queryByText(/Offline invoicing is not possible/)).toBeNull();
    expect(within(region).getByText(/^Wysyłka do KSeF nie działa od .*: KSeF refused the authentication: 450$/)).toBeInTheDocument();
  });

  it('names why each document near its deadline is stuck', async () => {
    server.use(
      http.get(apiUrl('/order/order-invoice/ksef-deadlines'), () =>
        HttpResponse.json({
          data: {
            today: '2026-11-27',
            due_by: '2026-11-30',
            more: false,
            documents: [
              { id: null, number: 'FV/2026/11/0011', order_id: 'a1b2c3d4-0000-4000-8000-0000000000cc', state: 'waiting', deadline: '2026-11-30', overdue: false, why: 'sender_trouble', detail: 'KSeF refused the authentication: 450' },
            ],
          },
        }),
      ),
    );
    renderApp('/admin/order/invoice', ADMIN);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('FV/2026/11/0011 termin 30.11.2026 (KSeF nie przyjmuje wysyłki: KSeF refused the authentication: 450)');
  });
  it('shows where the sending stands: the session, the calls left of the operations used, the oldest document', async () => {
    const window = (name: string, budget: number, left: number) => ({ window: name, budget, left });
    server.use(
      http.get(apiUrl('/order/ksef-outage/all'), () =>
        HttpResponse.json({
          data: {
            outages: [],
            offline_certificate: true,
            certificate_note: null,
            sender_trouble: null,
            sender: {
              noted_at: '2026-11-27T09:00:05Z',
              session: { reference: '20261127-SO-2F3A', opened_at: '2026-11-27T08:00:00Z', valid_until: '2026-11-27T20:00:00Z' },
              operations: [
                { operation: 'sendInvoice', windows: [window('second', 8, 8), window('minute', 24, 22), window('hour', 144, 142)], blocked_until: null, calls: 2 },
                { operation: 'openBatchSession', windows: [window('hour', 96, 96)], blocked_until: null, calls: 0 },
                { operation: 'invoiceStatus', windows: [window('minute', 48, 0)], blocked_until: '2026-11-27T09:01:00Z', calls: 0 },
              ],
            },
            oldest_not_in_ksef: { document_number: 'FV/2026/11/0007', state: 'waiting', issued_at: '2026-11-27T07:30:00Z' },
          },
        }),
      ),
    );
    renderApp('/admin/order/invoice', ADMIN);
    const region = await screen.findByRole('region', { name: 'Wysyłka do KSeF' });
    expect(within(region).getByText(/^Sesja interaktywna w użyciu: 20261127-SO-2F3A, otwarta /)).toBeInTheDocument();
    expect(within(region).getByText(/^Najstarszy dokument poza KSeF: FV\/2026\/11\/0007 \(Czeka na wysłanie\), wystawiony /)).toBeInTheDocument();
    const table = within(region).getByRole('table', { name: 'Pozostałe wywołania w limitach KSeF' });
    const rows = within(table).getAllByRole('row').slice(1);
    // Only the operations used or held: an untouched one is left out.
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/sendInvoice8 z 822 z 24142 z 1442/);
    expect(rows[1]).toHaveTextContent(/invoiceStatus \(wstrzymane do .+\)—0 z 48—0/);
  });

  it('says when the sender has not run and KSeF holds every document', async () => {
    renderApp('/admin/order/invoice', ADMIN);
    const region = await screen.findByRole('region', { name: 'Wysyłka do KSeF' });
    expect(within(region).getByText('Wysyłka nie wykonała jeszcze żadnej rundy.')).toBeInTheDocument();
    expect(within(region).getByText('Wszystkie dokumenty są w KSeF.')).toBeInTheDocument();
    expect(within(region).queryByRole('table')).toBeNull();
  });
});
