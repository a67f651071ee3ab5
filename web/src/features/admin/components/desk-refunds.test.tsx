// A refund waiting at the desk beyond the till's page (docs/till.md): the order's page says "Do wypłaty w
// kasie" with "Wypłać" (the till's own call), and once paid out when; its "Zwrócone pieniądze" counts only
// money given back and says apart what still waits at the desk; the home page's "needs attention" counts
// the waiting refunds, a link to the till; the course's disruption list links an order whose refund waits
// at the desk to the till.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { readDb, withDb } from '@/testing/mocks/data/booking-db';
import { withDisruptions } from '@/testing/mocks/data/disruption-store';
import { samplePassengers } from '@/testing/mocks/data/disruptions';
import { tillDay, waitAtDesk } from '@/testing/mocks/data/till';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const ADMIN = { loggedInAs: 'admin@example.com' };
const slow = { timeout: 5_000 };

afterEach(() => server.events.removeAllListeners());

/** The seed's first order, made a cash desk sale whose refund of 10,00 zł waits at the desk. */
function refundWaiting() {
  const order = readDb().orders[0];
  if (!order) throw new Error('the seed has no order');
  withDb((db) => waitAtDesk(db, order.id, { amount: 1000 }));
  return { id: order.id, number: order.number ?? order.hash_id };
}

/** A definition list's terms and values, term -> value. */
function facts(box: HTMLElement): Record<string, string> {
  const terms = [...box.querySelectorAll('dt')].map((term) => term.textContent?.trim() ?? '');
  const values = [...box.querySelectorAll('dd')].map((value) => (value.textContent ?? '').replace(/\s+/g, ' ').trim());
  return Object.fromEntries(terms.map((term, i) => [term, values[i] ?? '']));
}

describe("an order's refund waiting at the desk", { timeout: 20_000 }, () => {
  it('is "Do wypłaty w kasie" with "Wypłać", and once paid out says when; only money given back counts', async () => {
    const order = refundWaiting();
    const { user } = renderApp(`/admin/order/order/${order.id}`, ADMIN);
    const payments = await screen.findByRole('region', { name: 'Płatność i zwroty' }, slow);
    const row = within(payments).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('Do wypłaty w kasie');
    expect(facts(payments)).toMatchObject({ 'Zwrócone pieniądze': '0,00 zł', 'Czeka na wypłatę w kasie': '10,00 zł' });

    await user.click(within(row).getByRole('button', { name: `Wypłać zwrot zamówienia ${order.number}` }));
    const dialog = screen.getByRole('alertdialog', { name: 'Wypłacić zwrot?' });
    expect(dialog).toHaveAccessibleDescription(/Wypłać klientowi 10,00\szł gotówką z kasy/);
    await user.click(within(dialog).getByRole('button', { name: 'Wypłać' }));
    expect(await screen.findByText(/Wypłacono 10,00\szł\./)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Płatność i zwroty' })).getAllByRole('row')[1]).toHaveTextContent(/^.*Wypłacono w kasie \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/), slow);
    const after = screen.getByRole('region', { name: 'Płatność i zwroty' });
    expect(within(after).queryByRole('button', { name: /^Wypłać/ })).not.toBeInTheDocument();
    expect(facts(after)).toMatchObject({ 'Zwrócone pieniądze': '10,00 zł' });
    expect(facts(after)['Czeka na wypłatę w kasie']).toBeUndefined();
  });

  it('counts a gateway refund as given back only once sent', async () => {
    const order = readDb().orders[0];
    if (!order) throw new Error('the seed has no order');
    withDb((db) => {
      const admin = db.admin?.[order.id] ?? ((db.admin ??= {})[order.id] = { payment_method: 'online', events: [], cancelled: null, refunds: [], corrections: [] });
      const base = { attempts: 1, last_error: null, created_at: '2026-11-27T10:00:00Z', sent_at: null };
      admin.refunds.push({ ...base, refund_id: 'a0000000-0000-4000-8000-0000000000a1', reason: 'Zwrot biletu', amount: 1500, status: 'sent', sent_at: '2026-11-27T10:05:00Z' });
      admin.refunds.push({ ...base, refund_id: 'a0000000-0000-4000-8000-0000000000a2', reason: 'Zwrot biletu', amount: 700, status: 'pending' });
    });
    renderApp(`/admin/order/order/${order.id}`, ADMIN);
    const payments = await screen.findByRole('region', { name: 'Płatność i zwroty' }, slow);
    expect(facts(payments)).toMatchObject({ 'Zwrócone pieniądze': '15,00 zł' });
    expect(within(payments).queryByRole('button', { name: /^Wypłać/ })).not.toBeInTheDocument();
  });

  it('is counted on the home page, a link to the till', async () => {
    refundWaiting();
    renderApp('/admin', ADMIN);
    const attention = await screen.findByRole('region', { name: 'Wymaga uwagi' }, slow);
    expect(within(attention).getByRole('link', { name: '1 Zwroty do wypłaty w kasie' })).toHaveAttribute('href', '/admin/till');
  });

  it('links its order in the course\'s disruption list to the till', async () => {
    const course = '0b6f7d2e-1c1a-4f4e-9a59-3f2f6f1c2a01';
    const passengers = samplePassengers('2026-11-27T10:00:00Z').map((passenger) =>
      passenger.state === 'refunded' ? { ...passenger, paid_at_desk: true } : passenger,
    );
    const refunded = passengers.find((passenger) => passenger.state === 'refunded');
    if (!refunded) throw new Error('the sample has no refunded passenger');
    withDisruptions((state) => {
      state.courses[course] = { status: 'cancelled', reason: 'Awaria autobusu', delay_minutes: null, changed_at: '2026-11-27T10:00:00Z', changed_by: 'admin@example.com', passengers };
    });
    server.use(
      http.get(apiUrl('/till/day/one'), () => {
        const view = tillDay(readDb(), new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date()));
        const waiting = { refund_id: 'a0000000-0000-4000-8000-0000000000b1', order_id: refunded.order_id, order_number: refunded.order_number, amount: 2500, method: 'cash', reason: 'Odwołany kurs', created_at: '2026-11-27T10:00:00Z' };
        return HttpResponse.json({ data: { ...view, waiting_refunds: [waiting] } });
      }),
    );
    renderApp(`/admin/course/course/${course}`, ADMIN);
    const link = await screen.findByRole('link', { name: /^Do wypłaty w kasie: 25,00\szł$/ }, slow);
    expect(link).toHaveAttribute('href', '/admin/till');
    expect(link.closest('tr')).toHaveTextContent(refunded.order_number);
  });
});
