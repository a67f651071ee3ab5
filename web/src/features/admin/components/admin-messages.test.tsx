// The messages sent (issue 39): the outbox's e-mails and text messages, newest first, with where each
// stands in words, filtered by state and channel, each order number opening the order's page.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/test-utils';

const ADMIN = { loggedInAs: 'admin@example.com' };
const slow = { timeout: 5_000 };

describe('the messages list', () => {
  it('is in the navigation and shows each message’s state in words, newest first', async () => {
    renderApp('/admin/messages', ADMIN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Wiadomości' }, slow)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Nawigacja panelu' });
    expect(within(nav).getByRole('link', { name: 'Wiadomości' })).toHaveAttribute('aria-current', 'page');

    const table = await screen.findByRole('table', {}, slow);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual([
      'ola.nowak@example.com',
      'jan.kowalski@example.com',
      '+48600100200',
      'jan.kowalski@example.com',
      'jan.kowalski@example.com',
    ]);
    const [queued, sent, failed, complaint, delivered] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    // A complaint's message names its order by id alone: the link still opens it.
    expect(within(complaint).getByRole('link', { name: 'Otwórz zamówienie' })).toHaveAttribute('href', '/admin/order/order/00000000-0000-4000-8000-000000000501');
    expect(queued).toHaveTextContent(/W kolejce.*kolejna próba: 22\.11\.2026, 11:05.*ostatni błąd: connection refused/);
    expect(within(sent).getByRole('cell', { name: 'Wysłano' })).toBeInTheDocument();
    expect(within(failed).getByRole('cell', { name: 'Nie wysłano: Numer odbiorcy jest nieprawidłowy' })).toBeInTheDocument();
    expect(within(failed).getByRole('cell', { name: 'SMS' })).toBeInTheDocument();
    expect(within(failed).getByRole('cell', { name: 'rodzaj: disruption/cancelled/sms' })).toBeInTheDocument();
    expect(within(delivered).getByRole('cell', { name: 'Dostarczono' })).toBeInTheDocument();
    // The order number opens the order; a message of no order (an account's e-mail) links nowhere.
    expect(within(delivered).getByRole('link', { name: 'NB-2026-000001' })).toHaveAttribute('href', '/admin/order/order/00000000-0000-4000-8000-000000000501');
    expect(within(queued).queryByRole('link')).not.toBeInTheDocument();
  });

  it('filters by state and channel through the URL', async () => {
    const { user, router } = renderApp('/admin/messages', ADMIN);
    const filters = await screen.findByRole('form', { name: 'Filtry' }, slow);
    await user.selectOptions(within(filters).getByLabelText('Stan'), 'Nie wysłano');
    await user.selectOptions(within(filters).getByLabelText('Kanał'), 'SMS');
    await user.click(within(filters).getByRole('button', { name: 'Filtruj' }));
    await waitFor(() => expect(router.state.location.search).toContain('filter%5Bstate%5D%5Beq%5D=failed'));
    expect(router.state.location.search).toContain('filter%5Bchannel%5D%5Beq%5D=sms');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByRole('cell', { name: '+48600100200' })).toBeInTheDocument();
  });

  it('speaks English under /en/admin', async () => {
    renderApp('/en/admin/messages', ADMIN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' }, slow)).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Not sent: Numer odbiorcy jest nieprawidłowy' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Delivered' })).toBeInTheDocument();
  });
});
