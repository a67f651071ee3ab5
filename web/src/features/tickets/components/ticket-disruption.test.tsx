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
  return { ticket, courseId: order.outbound.course_id };
}

function disrupt(courseId: string, status: 'cancelled' | 'delayed', delay: number | null) {
  withDisruptions((state) => {
    state.courses[courseId] = { status, reason: 'Awaria autobusu', delay_minutes: delay, changed_at: '2026-11-27T10:00:00Z', changed_by: 'admin@example.com', passengers: [] };
  });
}

describe("a disrupted course on the customer's tickets", { timeout: 20_000 }, () => {
  it('tells a cancellation on the ticket page and links to the choice, in the page language', async () => {
    const { ticket, courseId } = soonestTicket();
    disrupt(courseId, 'cancelled', null);
    logIn();
    renderApp(`/user/your-tickets/${ticket.id}`);
    const note = await screen.findByRole('note', {}, slow);
    expect(within(note).getByText('Kurs odwołany')).toBeInTheDocument();
    expect(within(note).getByText('Powód: Awaria autobusu')).toBeInTheDocument();
    expect(within(note).getByRole('link', { name: 'Wybierz inny kurs lub zwrot pieniędzy' })).toHaveAttribute('href', '/odwolany-kurs/demo-odwolany');
    // Its course is not changed the ordinary way.
    expect(screen.queryByRole('heading', { name: 'Zmień kurs' })).not.toBeInTheDocument();
  });

  it('links to the English choice page on the English site', async () => {
    const { ticket, courseId } = soonestTicket();
    disrupt(courseId, 'cancelled', null);
    logIn();
    renderApp(`/en/user/your-tickets/${ticket.id}`);
    const note = await screen.findByRole('note', {}, slow);
    expect(within(note).getByRole('link', { name: 'Choose another departure or a refund' })).toHaveAttribute('href', '/en/disrupted-course/demo-odwolany');
  });

  it('shows a short delay in the list, with no choice to make', async () => {
    const { ticket, courseId } = soonestTicket();
    disrupt(courseId, 'delayed', 25);
    logIn();
    renderApp('/user/your-tickets');
    const card = await screen.findByRole('listitem', { name: `Bilet ${ticket.number}` }, slow);
    const note = within(card).getByRole('note');
    expect(within(note).getByText('Kurs opóźniony o 25 min')).toBeInTheDocument();
    expect(within(note).queryByRole('link')).not.toBeInTheDocument();
  });
});
