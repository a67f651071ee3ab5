// The till ("Kasa", docs/till.md): the day's figures and movements, the refunds waiting at the desk paid out
// once after a question that says how much and how, cash put in with its reason, the day closed by its
// count (a difference shown as typed, and its reason asked), and every refusal said in the till's words.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { readDb, withDb } from '@/testing/mocks/data/booking-db';
import { waitAtDesk } from '@/testing/mocks/data/till';
import { errorBody } from '@/testing/mocks/handlers/responses';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const ADMIN = { loggedInAs: 'admin@example.com' };
const slow = { timeout: 5_000 };
/** "10,00 zł", whatever space the currency format puts before "zł". */
const money = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ zł/g, '\\s?zł'));

/** The seed's first order, made a desk sale whose refund of 10,00 zł waits at the desk. */
function refundWaiting(method: 'cash' | 'card_terminal' = 'cash') {
  const order = readDb().orders[0];
  if (!order) throw new Error('the seed has no order');
  withDb((db) => waitAtDesk(db, order.id, { method, amount: 1000 }));
  return { id: order.id, number: order.number ?? order.hash_id };
}

describe('the till', { timeout: 20_000 }, () => {
  it('shows the day, says the product is no fiscal device, and lists the refunds waiting at the desk', async () => {
    const order = refundWaiting();
    renderApp('/admin/till', ADMIN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kasa' }, slow)).toBeInTheDocument();
    expect(screen.getByText(/Ten program nie jest urządzeniem fiskalnym/)).toBeInTheDocument();
    const waiting = await screen.findByRole('region', { name: 'Zwroty do wypłaty w kasie' });
    const row = within(waiting).getByRole('row', { name: new RegExp(order.number) });
    expect(row).toHaveTextContent(money('10,00 zł'));
    expect(row).toHaveTextContent('gotówką z kasy');
    expect(within(row).getByRole('link', { name: order.number })).toHaveAttribute('href', `/admin/order/order/${order.id}`);
    const figures = screen.getByRole('region', { name: /^Stan kasy: / });
    expect(within(figures).getByText('Powinno być w kasie')).toBeInTheDocument();
    expect(within(figures).getByText('otwarty')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Raport kasowy' })).toBeInTheDocument();
  });

  it('pays a refund out once, after a question saying how much and how', async () => {
    const order = refundWaiting();
    const { user } = renderApp('/admin/till', ADMIN);
    await user.click(await screen.findByRole('button', { name: `Wypłać zwrot zamówienia ${order.number}` }, slow));
    const dialog = screen.getByRole('alertdialog', { name: 'Wypłacić zwrot?' });
    expect(dialog).toHaveAccessibleDescription(money(`Wypłać klientowi 10,00 zł gotówką z kasy (zamówienie ${order.number}). Tego nie można cofnąć.`));
    await user.click(within(dialog).getByRole('button', { name: 'Wypłać' }));
    expect(await screen.findByText(money('Wypłacono 10,00 zł.'))).toBeInTheDocument();
    const waiting = screen.getByRole('region', { name: 'Zwroty do wypłaty w kasie' });
    await waitFor(() => expect(within(waiting).queryByRole('button', { name: /^Wypłać/ })).not.toBeInTheDocument());
    expect(within(waiting).getByText('Żaden zwrot nie czeka na wypłatę.')).toBeInTheDocument();
    const movements = screen.getByRole('region', { name: 'Ruchy w kasie' });
    const paidOut = within(movements).getByRole('row', { name: /Wypłata zwrotu/ });
    expect(paidOut).toHaveTextContent(order.number);
    expect(paidOut).toHaveTextContent(money('10,00 zł'));
    expect(readDb().admin?.[order.id]?.refunds[0]?.paid_out_at).toBeTruthy();
  });

  it('says why a refund is owed in the panel\'s language', async () => {
    const order = refundWaiting();
    const ticket = readDb().orders.find((candidate) => candidate.id === order.id)?.tickets[0]?.number ?? '';
    renderApp('/en/admin/till', ADMIN);
    const waiting = await screen.findByRole('region', { name: 'Refunds to pay out at the desk' }, slow);
    const row = within(waiting).getByRole('row', { name: new RegExp(order.number) });
    expect(row).toHaveTextContent(`Ticket ${ticket} returned`);
    expect(row).not.toHaveTextContent('Zwrot biletu');
  });

  it('says a card refund goes back to the card on the terminal, not in cash', async () => {
    const order = refundWaiting('card_terminal');
    const { user } = renderApp('/admin/till', ADMIN);
    await user.click(await screen.findByRole('button', { name: `Wypłać zwrot zamówienia ${order.number}` }, slow));
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(money('Zwróć klientowi 10,00 zł na kartę terminalem płatniczym w kasie, nie gotówką'));
  });

  it('says a refund paid out meanwhile in its own words', async () => {
    const order = refundWaiting();
    server.use(http.post(apiUrl('/till/refund/pay-out'), () => HttpResponse.json(errorBody(409, 'The refund was paid out already.', undefined, 'till.already_paid_out'), { status: 409 })));
    const { user } = renderApp('/admin/till', ADMIN);
    await user.click(await screen.findByRole('button', { name: `Wypłać zwrot zamówienia ${order.number}` }, slow));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Wypłać' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ten zwrot został już wypłacony.');
  });

  it('puts cash in with its reason, and refuses it without one', async () => {
    const { user } = renderApp('/admin/till', ADMIN);
    const form = await screen.findByRole('region', { name: 'Wpłata lub wypłata gotówki' }, slow);
    await user.type(within(form).getByLabelText(/^Kwota/), '100,00');
    await user.type(within(form).getByLabelText(/^Powód/), 'ab');
    await user.click(within(form).getByRole('button', { name: 'Zapisz w kasie' }));
    expect(within(form).getByLabelText(/^Powód/)).toHaveAccessibleDescription(/Podaj powód \(od 3 do 300 znaków\)\./);
    await user.type(within(form).getByLabelText(/^Powód/), 'c pogotowie kasowe');
    await user.click(within(form).getByRole('button', { name: 'Zapisz w kasie' }));
    expect(await screen.findByText('Zapisano w kasie.')).toBeInTheDocument();
    const row = within(screen.getByRole('region', { name: 'Ruchy w kasie' })).getByRole('row', { name: /Wpłata do kasy/ });
    expect(row).toHaveTextContent('KP');
    expect(row).toHaveTextContent('(abc pogotowie kasowe)');
    expect(row).toHaveTextContent(money('100,00 zł'));
  });

  it('takes cash out as a negative amount', async () => {
    const sent: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/till/cash/save')) void request.clone().json().then((body) => sent.push(body));
    });
    const { user } = renderApp('/admin/till', ADMIN);
    const form = await screen.findByRole('region', { name: 'Wpłata lub wypłata gotówki' }, slow);
    await user.click(within(form).getByRole('radio', { name: 'Wypłata z kasy (KW)' }));
    await user.type(within(form).getByLabelText(/^Kwota/), '12,5');
    await user.type(within(form).getByLabelText(/^Powód/), 'utarg do banku');
    await user.click(within(form).getByRole('button', { name: 'Zapisz w kasie' }));
    expect(await screen.findByText('Zapisano w kasie.')).toBeInTheDocument();
    expect(sent).toEqual([{ amount: -1250, reason: 'utarg do banku' }]);
    server.events.removeAllListeners();
  });

  it('closes the day by its count: a difference is shown as typed and needs its reason, the Z report its number', async () => {
    const { user } = renderApp('/admin/till', ADMIN);
    const close = await screen.findByRole('region', { name: 'Zamknięcie dnia' }, slow);
    expect(within(close).queryByLabelText(/^Powód różnicy/)).not.toBeInTheDocument();
    await user.type(within(close).getByLabelText(/^Policzona gotówka/), '1,50');
    expect(within(close).getByLabelText(/^Policzona gotówka/)).toHaveAccessibleDescription(money('Różnica: +1,50 zł (nadwyżka). Podaj jej powód.'));
    await user.click(within(close).getByRole('button', { name: 'Zamknij dzień' }));
    expect(within(close).getByLabelText(/^Numer raportu dobowego/)).toHaveAccessibleDescription(/Wpisz numer raportu dobowego \(Z\)\./);
    expect(within(close).getByLabelText(/^Powód różnicy/)).toHaveAccessibleDescription(/Podaj powód \(od 3 do 300 znaków\)\./);
    await user.type(within(close).getByLabelText(/^Numer raportu dobowego/), 'Z#1');
    await user.click(within(close).getByRole('button', { name: 'Zamknij dzień' }));
    expect(within(close).getByLabelText(/^Numer raportu dobowego/)).toHaveAccessibleDescription(/tylko litery bez polskich znaków/);
    await user.clear(within(close).getByLabelText(/^Numer raportu dobowego/));
    await user.type(within(close).getByLabelText(/^Numer raportu dobowego/), 'Z/2026/0042');
    await user.type(within(close).getByLabelText(/^Powód różnicy/), 'napiwek w kasie');
    await user.click(within(close).getByRole('button', { name: 'Zamknij dzień' }));
    expect(await screen.findByText('Dzień zamknięty.')).toBeInTheDocument();
    const closed = screen.getByRole('region', { name: 'Zamknięcie dnia' });
    expect(within(closed).getByText('Z/2026/0042')).toBeInTheDocument();
    expect(within(closed).getByText(money('+1,50 zł'))).toBeInTheDocument();
    expect(within(closed).getByText('napiwek w kasie')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: /^Stan kasy: / })).getByText('zamknięty')).toBeInTheDocument();
    // A closed day takes no more cash.
    expect(screen.queryByRole('region', { name: 'Wpłata lub wypłata gotówki' })).not.toBeInTheDocument();
    expect(screen.getByText(/Dzisiejsza kasa jest zamknięta/)).toBeInTheDocument();
  });

  it('shows a count that matches without asking a reason', async () => {
    const { user } = renderApp('/admin/till', ADMIN);
    const close = await screen.findByRole('region', { name: 'Zamknięcie dnia' }, slow);
    await user.type(within(close).getByLabelText(/^Policzona gotówka/), '0');
    expect(within(close).getByLabelText(/^Policzona gotówka/)).toHaveAccessibleDescription('Zgadza się z tym, co powinno być w kasie.');
    expect(within(close).queryByLabelText(/^Powód różnicy/)).not.toBeInTheDocument();
  });

  it("says the server's refusals by their codes: at their field, or above the form", async () => {
    server.use(
      http.post(apiUrl('/till/day/close'), () =>
        HttpResponse.json(errorBody(422, 'bad', [{ field: 'z_report', message: 'The Z report number is not valid.', code: 'till.z_report_invalid' }], 'till.z_report_invalid'), { status: 422 }),
      ),
      http.post(apiUrl('/till/cash/save'), () => HttpResponse.json(errorBody(409, 'The day is closed already.', undefined, 'till.day_closed'), { status: 409 })),
    );
    const { user } = renderApp('/admin/till', ADMIN);
    const close = await screen.findByRole('region', { name: 'Zamknięcie dnia' }, slow);
    await user.type(within(close).getByLabelText(/^Policzona gotówka/), '0');
    await user.type(within(close).getByLabelText(/^Numer raportu dobowego/), 'Z1');
    await user.click(within(close).getByRole('button', { name: 'Zamknij dzień' }));
    await waitFor(() => expect(within(close).getByLabelText(/^Numer raportu dobowego/)).toHaveAccessibleDescription(/Numer raportu dobowego \(Z\) może mieć najwyżej 30 znaków/));
    const cash = screen.getByRole('region', { name: 'Wpłata lub wypłata gotówki' });
    await user.type(within(cash).getByLabelText(/^Kwota/), '5');
    await user.type(within(cash).getByLabelText(/^Powód/), 'drobne');
    await user.click(within(cash).getByRole('button', { name: 'Zapisz w kasie' }));
    expect(await within(cash).findByRole('alert')).toHaveTextContent(/Ten dzień kasy jest już zamknięty/);
  });

  it('shows another day, with no cash form (cash goes on today\'s till)', async () => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date(Date.now() - 3 * 86_400_000));
    renderApp(`/admin/till?day=${day}`, ADMIN);
    const [year, month, date] = day.split('-');
    expect(await screen.findByRole('region', { name: `Stan kasy: ${date}.${month}.${year}` }, slow)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Zamknięcie dnia' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Wpłata lub wypłata gotówki' })).not.toBeInTheDocument();
  });

  it('speaks English under /en', async () => {
    refundWaiting();
    renderApp('/en/admin/till', ADMIN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Till' }, slow)).toBeInTheDocument();
    expect(screen.getByText(/This program is no fiscal device/)).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Refunds to pay out at the desk' })).toHaveTextContent('in cash from the till');
  });
});
