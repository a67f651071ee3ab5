// The order's page /order/success/{id}, a guest's only page (issue 39): a ticket's cancelled or late
// course with the link to the choice, the money paid back, a heading that says the real state, and the
// links to the passenger rights and the complaint form.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { readDb, withDb } from '@/testing/mocks/data/booking-db';
import { DEMO_ORDER_HASHES } from '@/testing/mocks/data/booking-seed';
import { withDisruptions } from '@/testing/mocks/data/disruption-store';
import { returnFee } from '@/testing/mocks/data/orders';
import { renderApp } from '@/testing/test-utils';

const slow = { timeout: 5_000 };

/** The seeded order in 5 days (two tickets on one course). */
function upcomingOrder() {
  const order = readDb().orders.find((candidate) => candidate.hash_id === DEMO_ORDER_HASHES[0]);
  if (!order) throw new Error('the seeded order');
  return order;
}

function disrupt(courseId: string, status: 'cancelled' | 'delayed', delay: number | null) {
  const now = new Date().toISOString();
  withDisruptions((state) => {
    state.courses[courseId] = { status, reason: 'Awaria autobusu', delay_minutes: delay, changed_at: now, changed_by: 'admin@example.com', passengers: [] };
  });
  return now;
}

/** An instant's Warsaw day and time as the notices write it: "11.12.2026 07:30". */
function warsawShort(at: number): string {
  const day = new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);
  const time = new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return `${day} ${time}`;
}

/** "Zwrócono 35,10 zł", whatever space the currency format puts before "zł". */
const refunded = (grosz: number) => new RegExp(`^Zwrócono ${(grosz / 100).toFixed(2).replace('.', ',')}\\s?zł$`);

describe("the order's page of a disrupted course", { timeout: 20_000 }, () => {
  it('tells a guest that the course was cancelled, on every ticket, with the link to the choice', async () => {
    const order = upcomingOrder();
    const announced = disrupt(order.outbound.course_id, 'cancelled', null);
    renderApp(`/order/success/${order.hash_id}`);
    // No ticket is left to travel on: no thank-you for a paid order.
    expect(await screen.findByRole('heading', { level: 1, name: 'Kurs odwołany' }, slow)).toBeInTheDocument();
    expect(screen.queryByText('Dziękujemy! Zamówienie opłacone')).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Kurs odwołany/);
    const until = warsawShort(Date.parse(announced) + 14 * 86_400_000);
    for (const ticket of order.tickets) {
      const card = screen.getByRole('listitem', { name: `Bilet ${ticket.number}` });
      const note = within(card).getByRole('note');
      expect(within(note).getByText('Kurs odwołany')).toBeInTheDocument();
      expect(within(note).getByText('Powód: Awaria autobusu')).toBeInTheDocument();
      expect(within(note).getByRole('link', { name: `Wybierz: inny kurs lub zwrot (do ${until})` })).toHaveAttribute('href', '/odwolany-kurs/demo-odwolany');
    }
    const links = screen.getByRole('navigation', { name: 'Prawa pasażera i reklamacje' });
    expect(within(links).getByRole('link', { name: 'Reklamacja' })).toHaveAttribute('href', '/reklamacje');
    expect(within(links).getByRole('link', { name: 'Prawa pasażera' })).toHaveAttribute('href', '/prawa-pasazera');
  });

  it('tells a long delay with the new expected departure, and keeps the order paid', async () => {
    const order = upcomingOrder();
    disrupt(order.outbound.course_id, 'delayed', 150);
    renderApp(`/order/success/${order.hash_id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dziękujemy! Zamówienie opłacone' }, slow)).toBeInTheDocument();
    const [first] = order.tickets;
    if (!first) throw new Error('a ticket');
    const note = within(screen.getByRole('listitem', { name: `Bilet ${first.number}` })).getByRole('note');
    expect(within(note).getByText('Kurs opóźniony o 150 min')).toBeInTheDocument();
    expect(within(note).getByText(`Przewidywany odjazd: ${warsawShort(Date.parse(order.outbound.departure_at) + 150 * 60_000)}`)).toBeInTheDocument();
    expect(within(note).getByRole('link', { name: /^Wybierz: inny kurs lub zwrot \(do .+\)$/ })).toHaveAttribute('href', '/odwolany-kurs/demo-opozniony-dlugo');
  });

  it('says what was paid back, and that every ticket is returned once none is left', async () => {
    const order = upcomingOrder();
    const [first, second] = order.tickets;
    if (!first || !second) throw new Error('two tickets');
    withDb((db) => {
      const stored = db.orders.find((candidate) => candidate.id === order.id);
      const ticket = stored?.tickets[0];
      if (ticket) ticket.status = 'returned';
    });
    renderApp(`/order/success/${order.hash_id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dziękujemy! Zamówienie opłacone' }, slow)).toBeInTheDocument();
    const back = first.price - returnFee(first.price);
    expect(screen.getByText(refunded(back))).toBeInTheDocument();

    withDb((db) => {
      const stored = db.orders.find((candidate) => candidate.id === order.id);
      for (const ticket of stored?.tickets ?? []) ticket.status = 'returned';
    });
    renderApp(`/order/success/${order.hash_id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bilety zwrócone' }, slow)).toBeInTheDocument();
    expect(screen.getByText(refunded(back + second.price - returnFee(second.price)))).toBeInTheDocument();
  });

  it('is in English under /en, with the English addresses', async () => {
    const order = upcomingOrder();
    disrupt(order.outbound.course_id, 'cancelled', null);
    renderApp(`/en/order/success/${order.hash_id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip cancelled' }, slow)).toBeInTheDocument();
    const [first] = order.tickets;
    if (!first) throw new Error('a ticket');
    const note = within(screen.getByRole('listitem', { name: `Ticket ${first.number}` })).getByRole('note');
    expect(within(note).getByRole('link', { name: /^Choose: another departure or a refund \(until .+\)$/ })).toHaveAttribute('href', '/en/disrupted-course/demo-odwolany');
    const links = screen.getByRole('navigation', { name: 'Passenger rights and complaints' });
    expect(within(links).getByRole('link', { name: 'Complaint' })).toHaveAttribute('href', '/en/complaints');
    expect(within(links).getByRole('link', { name: 'Passenger rights' })).toHaveAttribute('href', '/en/prawa-pasazera');
  });
});
