// The office manager's defect 12: a desk sale of several seats printed the buyer's name on every ticket.
// The sale asks each passenger's name, as the customer's order form does, and sends them with their line.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { warsawDate } from '@/shared/lib/warsaw-time';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const ADMIN = { loggedInAs: 'admin@example.com' };
const slow = { timeout: 5_000 };

describe('a desk sale', { timeout: 30_000 }, () => {
  it("asks each passenger's name for several seats and sends them with their line", async () => {
    const sent: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.includes('/order/order/save')) void request.clone().json().then((body) => sent.push(body));
    });
    const { user, router } = renderApp('/admin/order/order/edit', ADMIN);
    await screen.findByRole('heading', { level: 1, name: 'Nowa sprzedaż w biurze' }, slow);
    await user.selectOptions(screen.getByLabelText('Trasa'), await screen.findByRole('option', { name: 'Nisko – Kraków' }, slow));
    const from = screen.getByLabelText('Skąd');
    await user.selectOptions(from, await within(from).findByRole('option', { name: 'Nisko, Dworzec Autobusowy' }, slow));
    await user.selectOptions(screen.getByLabelText('Dokąd'), 'Kraków, MDA Dworzec Autobusowy');
    // Tomorrow: late in the day today's last courses have closed their sales.
    const day = screen.getByLabelText('Dzień');
    await user.clear(day);
    await user.type(day, warsawDate(new Date(Date.now() + 86_400_000)));
    const outbound = await screen.findByRole('group', { name: 'Kurs tam' }, slow);
    await user.click((await within(outbound).findAllByRole('radio', {}, slow))[0] as HTMLElement);

    // One seat is the buyer's: no names asked.
    expect(screen.queryByRole('textbox', { name: /^Pasażer \d/ })).not.toBeInTheDocument();
    const qty = screen.getByLabelText('Pasażerowie (wiersz 1)');
    await user.clear(qty);
    await user.type(qty, '2');
    const names = screen.getByRole('group', { name: 'Imiona i nazwiska pasażerów (wiersz 1)' });
    expect(within(names).getAllByRole('textbox')).toHaveLength(2);
    expect(within(names).getByRole('textbox', { name: 'Pasażer 1 (wiersz 1)' })).toHaveAccessibleDescription(/drukuje się na jego bilecie\. Puste pole: bilet na kupującego\./);
    await user.type(within(names).getByRole('textbox', { name: 'Pasażer 1 (wiersz 1)' }), ' Adam Nowak ');
    await user.type(within(names).getByRole('textbox', { name: 'Pasażer 2 (wiersz 1)' }), 'Ewa Nowak');

    await user.type(screen.getByRole('textbox', { name: /^Imię/ }), 'Kazimierz');
    await user.type(screen.getByRole('textbox', { name: /^Nazwisko/ }), 'Kupiec');
    await user.click(screen.getByLabelText('Klient akceptuje regulamin'));
    await user.click(screen.getByLabelText(/Klient zgadza się na przetwarzanie danych/));
    await user.click(screen.getByRole('button', { name: 'Sprzedaj' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/admin\/order\/order\/[\w-]+$/), slow);
    expect(sent).toMatchObject([{ tickets: [{ qty: 2, discount_id: null, passengers: ['Adam Nowak', 'Ewa Nowak'] }], customer: { first_name: 'Kazimierz', last_name: 'Kupiec' } }]);
    server.events.removeAllListeners();
  });
});
