import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useAuthStore } from '@/shared/stores/auth-store';
import { readDb } from '@/testing/mocks/data/booking-db';
import { DEMO_USER_ID } from '@/testing/mocks/data/booking-seed';
import { withDisruptions } from '@/testing/mocks/data/disruption-store';
import { mockTokenFor, mockUserFor } from '@/testing/mocks/handlers/accounts';
import { renderApp } from '@/testing/test-utils';

const JAN = 'jan.kowalski@example.com';
const slow = { timeout: 5_000 };

function logIn() {
  useAuthStore.getState().setSession({ token: mockTokenFor(JAN), user: mockUserFor(JAN) });
}

/** Jan's soonest paid ticket, and its course. */
function soonestTicket() {
  const order = readDb()
    .orders.filter((candidate) => candidate.user_id === DEMO_USER_ID && candidate.status === 'paid' && Date.parse(candidate.outbound.departure_at) > Date.now())
    .sort((a, b) => Date.parse(a.outbound.departure_at) - Date.parse(b.outbound.departure_at))[0];
  const ticket = order?.tickets[0];
  if (!order || !ticket) throw new Error('a paid upcoming order of the demo user');
  return { ticket, courseId: order.outbound.course_id, departureAt: order.outbound.departure_at };
}

/** Announced now: the choice stays open 14 days. */
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

describe("a disrupted course on the customer's tickets", { timeout: 20_000 }, () => {
  it('tells a cancellation on the ticket page and links to the choice, in the page language', async () => {
    const { ticket, courseId } = soonestTicket();
    const announced = disrupt(courseId, 'cancelled', null);
    logIn();
    renderApp(`/user/your-tickets/${ticket.id}`);
    const note = await screen.findByRole('note', {}, slow);
    expect(within(note).getByText('Kurs odwołany')).toBeInTheDocument();
    expect(within(note).getByText('Powód: Awaria autobusu')).toBeInTheDocument();
    const until = warsawShort(Date.parse(announced) + 14 * 86_400_000);
    expect(within(note).getByRole('link', { name: `Wybierz: inny kurs lub zwrot (do ${until})` })).toHaveAttribute('href', '/odwolany-kurs/demo-odwolany');
    // Its course is not changed the ordinary way.
    expect(screen.queryByRole('heading', { name: 'Zmień kurs' })).not.toBeInTheDocument();
  });

  it('links to the English choice page on the English site', async () => {
    const { ticket, courseId } = soonestTicket();
    disrupt(courseId, 'cancelled', null);
    logIn();
    renderApp(`/en/user/your-tickets/${ticket.id}`);
    const note = await screen.findByRole('note', {}, slow);
    expect(within(note).getByRole('link', { name: /^Choose: another departure or a refund \(until .+\)$/ })).toHaveAttribute('href', '/en/disrupted-course/demo-odwolany');
  });

  it('shows a short delay in the list with the expected departure, and no choice to make', async () => {
    const { ticket, courseId, departureAt } = soonestTicket();
    disrupt(courseId, 'delayed', 25);
    logIn();
    renderApp('/user/your-tickets');
    const card = await screen.findByRole('listitem', { name: `Bilet ${ticket.number}` }, slow);
    const note = within(card).getByRole('note');
    expect(within(note).getByText('Kurs opóźniony o 25 min')).toBeInTheDocument();
    expect(within(note).getByText(`Przewidywany odjazd: ${warsawShort(Date.parse(departureAt) + 25 * 60_000)}`)).toBeInTheDocument();
    expect(within(note).queryByRole('link')).not.toBeInTheDocument();
  });
});
