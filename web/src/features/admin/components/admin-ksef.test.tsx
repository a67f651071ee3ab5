import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { readDb } from '@/testing/mocks/data/booking-db';
import { documents, invoiceDetails, invoiceRow } from '@/testing/mocks/data/order-admin';
import { pagination } from '@/testing/mocks/handlers/responses';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const ADMIN = { loggedInAs: 'admin@example.com' };

/** The first mock document, as the invoice page reads it, with `ksef` as given. */
function documentWith(ksef: Record<string, unknown> | null) {
  const doc = documents(readDb())[0];
  if (!doc) throw new Error('the seed has no invoice');
  const details = { ...invoiceDetails(readDb(), doc), ksef };
  server.use(http.get(apiUrl('/order/order-invoice/one'), () => HttpResponse.json({ data: details })));
  return details;
}

const NONE = { offline: false, deadline: null, ksef_number: null, accepted_at: null, rejection_code: null, rejection_reason: null, upo_url: null };

describe('KSeF in the invoice list', () => {
  it('shows each document\'s state with its number, deadline or reason, and filters by state', async () => {
    const asked: URLSearchParams[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/order/order-invoice/all')) asked.push(new URL(request.url).searchParams);
    });
    const { user } = renderApp('/admin/order/invoice', ADMIN);
    const table = await screen.findByRole('table', { name: 'Faktury' });
    expect(within(table).getByRole('columnheader', { name: /KSeF/ })).toBeInTheDocument();
    const accepted = within(table).getAllByText('Przyjęta')[0]?.closest('td') as HTMLElement;
    expect(accepted.textContent).toMatch(/^Przyjęta8652556348-\d{8}-[0-9A-F]{12}-AF$/);

    const filters = screen.getByRole('form', { name: 'Filtry' });
    await user.selectOptions(within(filters).getByLabelText('KSeF'), 'Odrzucona');
    await user.click(within(filters).getByRole('button', { name: 'Filtruj' }));
    await waitFor(() => expect(asked.at(-1)?.get('filter[ksef_state][eq]')).toBe('rejected'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Faktury' })).queryAllByText('Przyjęta')).toHaveLength(0));
    const rows = within(screen.getByRole('table', { name: 'Faktury' })).getAllByText('Odrzucona');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]?.closest('td')?.textContent).toContain('Kod 450: Błąd weryfikacji semantyki');
  });
});

describe('KSeF in the invoice list, offline', () => {
  it('shows the last day an offline document may be sent on', async () => {
    const doc = documents(readDb())[0];
    if (!doc) throw new Error('the seed has no invoice');
    const row = { ...invoiceRow(doc), ksef: { ...NONE, state: 'offline', offline: true, deadline: '2026-11-28' } };
    server.use(http.get(apiUrl('/order/order-invoice/all'), () => HttpResponse.json({ data: { models: [row], pagination: pagination(1, 20, 1) } })));
    renderApp('/admin/order/invoice', ADMIN);
    const table = await screen.findByRole('table', { name: 'Faktury' });
    expect(within(table).getByText('Offline').closest('td')).toHaveTextContent('Offlinewysłać do 28.11.2026');
  });
});

describe('KSeF on the invoice page', () => {
  it('shows an accepted document\'s number and its UPO to download', async () => {
    const details = documentWith({ ...NONE, state: 'accepted', ksef_number: '8652556348-20261127-0100001AF629-AF', accepted_at: '2026-11-27T08:00:05Z', upo_url: '/api/order/order-invoice/upo?id=x' });
    renderApp(`/admin/order/invoice/${details.id}`, ADMIN);
    const section = await screen.findByRole('region', { name: 'KSeF' });
    expect(within(section).getByText('Przyjęta')).toBeInTheDocument();
    expect(within(section).getByText(/^8652556348-20261127-0100001AF629-AF/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Pobierz UPO' })).toHaveAttribute('href', '/api/order/order-invoice/upo?id=x');
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says what to do about a rejected document', async () => {
    const details = documentWith({ ...NONE, state: 'rejected', rejection_code: 450, rejection_reason: 'Nieprawidłowy NIP nabywcy' });
    renderApp(`/admin/order/invoice/${details.id}`, ADMIN);
    const section = await screen.findByRole('region', { name: 'KSeF' });
    const alert = within(section).getByRole('alert');
    expect(alert).toHaveTextContent('Kod 450: Nieprawidłowy NIP nabywcy');
    expect(alert).toHaveTextContent(/popraw dane nabywcy/);
    expect(within(section).queryByRole('link', { name: 'Pobierz UPO' })).not.toBeInTheDocument();
  });

  it('shows an offline document\'s deadline, and a document not due as such', async () => {
    const offline = documentWith({ ...NONE, state: 'offline', offline: true, deadline: '2026-11-28' });
    const { unmount } = renderApp(`/admin/order/invoice/${offline.id}`, ADMIN);
    const section = await screen.findByRole('region', { name: 'KSeF' });
    expect(within(section).getByText('Offline')).toBeInTheDocument();
    expect(within(section).getByText('28.11.2026')).toBeInTheDocument();
    expect(within(section).getByText(/trybie offline/)).toBeInTheDocument();
    unmount();

    const none = documentWith(null);
    renderApp(`/admin/order/invoice/${none.id}`, ADMIN);
    expect(await screen.findByText(/nie jest wysyłany do KSeF/)).toBeInTheDocument();
  });
});

describe('the KSeF company setting', () => {
  it('sends invoices to consumers to KSeF only once ticked', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(apiUrl('/company/company/save-settings'), async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>);
        return undefined;
      }),
    );
    const { user } = renderApp('/admin/company/company/settings', ADMIN);
    const box = await screen.findByRole('checkbox', { name: /Wysyłaj do KSeF także faktury dla konsumentów/ });
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Zapisano zmiany.')).toBeInTheDocument();
    expect(bodies).toEqual([expect.objectContaining({ ksef_send_consumers: true })]);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Wysyłaj do KSeF/ })).toBeChecked());
  });
});

describe('KSeF deadline alert on the invoice list', () => {
  const deadlines = (documents: unknown[]) =>
    server.use(http.get(apiUrl('/order/order-invoice/ksef-deadlines'), () => HttpResponse.json({ data: { today: '2026-11-27', due_by: '2026-11-30', documents, more: false } })));

  it('names each offline document due within one working day, linked to its page', async () => {
    deadlines([
      { id: 'a1b2c3d4-0000-4000-8000-000000000001', number: 'FV/2026/11/0007', order_id: 'a1b2c3d4-0000-4000-8000-0000000000aa', state: 'sent', deadline: '2026-11-26', overdue: true, why: 'unconfirmed', detail: null },
      { id: null, number: 'FV/2026/11/0009', order_id: 'a1b2c3d4-0000-4000-8000-0000000000bb', state: 'offline', deadline: '2026-11-30', overdue: false, why: 'offline', detail: null },
    ]);
    renderApp('/admin/order/invoice', ADMIN);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Faktury z terminem wysłania do KSeF w ciągu jednego dnia roboczego');
    expect(within(alert).getByRole('link', { name: 'FV/2026/11/0007' })).toHaveAttribute('href', '/admin/order/invoice/a1b2c3d4-0000-4000-8000-000000000001');
    expect(alert).toHaveTextContent('FV/2026/11/0007 termin minął 26.11.2026');
    expect(alert).toHaveTextContent('FV/2026/11/0009 termin 30.11.2026');
  });

  it('shows nothing when no deadline is near', async () => {
    deadlines([]);
    renderApp('/admin/order/invoice', ADMIN);
    await screen.findByRole('table', { name: 'Faktury' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
