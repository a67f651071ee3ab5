// Issue 29: a ticket paid by card on the office's terminal goes back to that card on the terminal. The
// return's quote and its answer say so (the server's `money_to`: `terminal`), in Polish and in English,
// never "collect it at the office" as a cash sale says.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { readDb, withDb } from '@/testing/mocks/data/booking-db';
import type { MockOrder } from '@/testing/mocks/data/booking-types';
import { adminOf } from '@/testing/mocks/data/order-admin';
import { renderApp } from '@/testing/test-utils';

const slow = { timeout: 5_000 };

/** A seeded ticket of a paid order leaving later, its order marked as sold at the desk and paid by `method`. */
function deskTicket(method: 'cash' | 'card_terminal') {
  const order = readDb().orders.find(
    (candidate: MockOrder) => candidate.status === 'paid' && Date.parse(candidate.outbound.departure_at) > Date.now() + 3_600_000,
  );
  if (!order) throw new Error('the seed has a paid order leaving later');
  withDb((db) => {
    const stored = db.orders.find((candidate) => candidate.id === order.id);
    if (stored) adminOf(db, stored).payment_method = method;
  });
  const ticket = order.tickets.find((candidate) => candidate.status === 'valid') ?? order.tickets[0];
  return { number: ticket?.number ?? '', code: ticket?.code ?? '' };
}

async function quote(path: string, ticket: { number: string; code: string }, labels: { number: RegExp; code: RegExp; next: string }) {
  const app = renderApp(path);
  await app.user.type(await screen.findByRole('textbox', { name: labels.number }, slow), ticket.number);
  await app.user.type(screen.getByRole('textbox', { name: labels.code }), ticket.code);
  await app.user.click(screen.getByRole('button', { name: labels.next }));
  return app;
}

const POLISH = { number: /Numer biletu/, code: /Kod biletu/, next: 'Dalej' };
const ENGLISH = { number: /Ticket number/, code: /Ticket code/, next: 'Continue' };

describe('the return of a ticket paid by card at the office', { timeout: 20_000 }, () => {
  it('is quoted and confirmed as a refund to the card on the terminal (Polish)', async () => {
    const { user } = await quote('/user/return-ticket', deskTicket('card_terminal'), POLISH);
    expect(await screen.findByText(/na kartę, którą zapłacono w kasie \(zwrot przez terminal płatniczy/, {}, slow)).toBeVisible();
    expect(screen.queryByText(/do odebrania w kasie/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Tak, zwróć bilet' }));
    expect(await screen.findByText(/pieniądze wrócą na tę kartę przez terminal płatniczy/, {}, slow)).toBeVisible();
  });

  it('is quoted and confirmed as a refund to the card on the terminal (English)', async () => {
    const { user } = await quote('/en/user/return-ticket', deskTicket('card_terminal'), ENGLISH);
    expect(await screen.findByText(/back to the card you paid with at the ticket office \(refunded on the card terminal/, {}, slow)).toBeVisible();
    expect(screen.queryByText(/to collect at the ticket office/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Yes, return the ticket' }));
    expect(await screen.findByText(/the money goes back to that card on the card terminal/, {}, slow)).toBeVisible();
  });

  it('still says a cash sale is paid back in cash at the office', async () => {
    const { user } = await quote('/user/return-ticket', deskTicket('cash'), POLISH);
    expect(await screen.findByText(/do odebrania w kasie, w której kupiono bilet/, {}, slow)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Tak, zwróć bilet' }));
    expect(await screen.findByText(/pieniądze odbierzesz w kasie/, {}, slow)).toBeVisible();
  });
});
