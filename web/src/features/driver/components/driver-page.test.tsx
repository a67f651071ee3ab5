import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { readDb, resetBookingDb, withDb } from '@/testing/mocks/data/booking-db';
import { withDisruptions } from '@/testing/mocks/data/disruption-store';
import { renderApp } from '@/testing/test-utils';

import { useDriverStore } from '../stores/driver-store';

const DRIVER = 'driver@example.com';
const slow = { timeout: 5_000 };

/** The seeded order whose outbound course (Nisko → Kraków, 07:30) the driver runs, and that course's day. */
function seededCourse() {
  const order = readDb().orders.find((candidate) => candidate.status === 'paid' && candidate.tickets.length === 2);
  if (!order) throw new Error('a paid order of two tickets in the seed');
  return { order, day: order.outbound.departure_at.slice(0, 10), departure: Date.parse(order.outbound.departure_at) };
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  vi.useRealTimers();
  setOnline(true);
  useDriverStore.setState({ manifest: null, loadedAt: null, boarded: [], queue: [], sent: [], departed: {} });
});

async function openCourse(course = /^07:30 · Nisko – Kraków · 2 pasażerów, wsiadło 0$/) {
  const { order, day, departure } = seededCourse();
  // An hour before the course leaves: boarding is open.
  vi.useFakeTimers({ toFake: ['Date'], now: departure - 3_600_000 });
  const app = renderApp('/driver', { loggedInAs: DRIVER });
  expect(await screen.findByRole('heading', { level: 1, name: 'Kontrola biletów' }, slow)).toBeInTheDocument();
  const dayField = screen.getByLabelText('Dzień');
  await app.user.clear(dayField);
  await app.user.type(dayField, day);
  await app.user.click(await screen.findByRole('radio', { name: course }, slow));
  await app.user.click(screen.getByRole('button', { name: 'Wczytaj listę pasażerów' }));
  expect(await screen.findByRole('heading', { name: 'Pasażerowie według przystanków' }, slow)).toBeInTheDocument();
  return { ...app, order };
}

describe('the driver page', { timeout: 30_000 }, () => {
  it('sends guests to log in and customers home', async () => {
    const guest = renderApp('/driver');
    await waitFor(() => expect(guest.router.state.location.pathname).toBe('/login'), slow);
    guest.unmount();
    const customer = renderApp('/driver', { loggedInAs: 'jan.kowalski@example.com' });
    await waitFor(() => expect(customer.router.state.location.pathname).toBe('/'), slow);
  });

  it('lists the passengers by stop and lets a paid ticket board once', async () => {
    const { user, order } = await openCourse();
    const [first] = order.tickets;
    const boarding = screen.getByRole('listitem', { name: /Nisko, Dworzec Autobusowy$/ });
    expect(within(boarding).getByText('Wsiadają: 2 osoby')).toBeInTheDocument();
    expect(within(boarding).getByText(new RegExp(`^${first?.number} · Jan Kowalski → Kraków`))).toBeInTheDocument();

    await user.type(screen.getByLabelText('Numer biletu'), first?.number ?? '');
    await user.click(screen.getByRole('button', { name: 'Sprawdź numer' }));
    expect(await screen.findByText(`Wsiada: ${first?.number}`, {}, slow)).toBeInTheDocument();
    // It reaches the server.
    await waitFor(() => expect(readDb().checkIns?.[first?.number ?? '']).toBeDefined(), slow);
    await waitFor(() => expect(screen.getByText(/Wszystkie odprawy są na serwerze\./)).toBeInTheDocument());

    // Once: a second try is refused on the phone.
    await user.type(screen.getByLabelText('Numer biletu'), first?.number ?? '');
    await user.click(screen.getByRole('button', { name: 'Sprawdź numer' }));
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent('Z tym biletem już ktoś wsiadł.');
  });

  it('checks without a network and sends the check-in once it is back', async () => {
    const { user, order } = await openCourse();
    const second = order.tickets[1];
    setOnline(false);
    expect(await screen.findByText(/^Brak sieci/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Numer biletu'), second?.number ?? '');
    await user.click(screen.getByRole('button', { name: 'Sprawdź numer' }));
    expect(await screen.findByText(`Wsiada: ${second?.number}`)).toBeInTheDocument();
    expect(screen.getByText(/1 odprawa czeka na wysłanie\./)).toBeInTheDocument();
    expect(readDb().checkIns?.[second?.number ?? '']).toBeUndefined();

    setOnline(true);
    await waitFor(() => expect(readDb().checkIns?.[second?.number ?? '']).toBeDefined(), slow);
    await waitFor(() => expect(screen.getByText(/Wszystkie odprawy są na serwerze\./)).toBeInTheDocument());
  });

  it('refuses a forged code and an unknown number', async () => {
    const { user, order } = await openCourse();
    // A genuine code of the second ticket with the first ticket's number put in: the signature fails.
    expect(useDriverStore.getState().manifest).not.toBeNull();
    const code = (await import('@/testing/mocks/data/orders')).ticketQr(order, order.tickets[1] ?? order.tickets[0]!);
    const [prefix, body = '', signature] = code.split('.');
    const claims = JSON.parse(atob(body.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    const forged = `${prefix}.${btoa(JSON.stringify({ ...claims, n: order.tickets[0]?.number })).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.${signature}`;
    await user.type(screen.getByLabelText('Kod z biletu: wydrukowany pod kodem QR, zeskanowany lub wklejony'), forged);
    await user.click(screen.getByRole('button', { name: 'Sprawdź kod' }));
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent('Kod jest podrobiony lub zmieniony: podpis się nie zgadza.');

    // The genuine code boards.
    await user.type(screen.getByLabelText('Kod z biletu: wydrukowany pod kodem QR, zeskanowany lub wklejony'), code);
    await user.click(screen.getByRole('button', { name: 'Sprawdź kod' }));
    expect(await screen.findByText(`Wsiada: ${order.tickets[1]?.number}`)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Numer biletu'), 'NK-0000-000000');
    await user.click(screen.getByRole('button', { name: 'Sprawdź numer' }));
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent('Nie ma takiego biletu na tym kursie.');
  });

  it('checks a ticket by the code printed on it, and reaches the server with it', async () => {
    const { user, order } = await openCourse();
    const second = order.tickets[1];
    await user.type(screen.getByLabelText('Kod z biletu: wydrukowany pod kodem QR, zeskanowany lub wklejony'), (second?.code ?? '').toLowerCase());
    await user.click(screen.getByRole('button', { name: 'Sprawdź kod' }));
    expect(await screen.findByText(`Wsiada: ${second?.number}`, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(readDb().checkIns?.[second?.number ?? '']).toBeDefined(), slow);
  });

  it('does not count a returned ticket among those who board', async () => {
    const { order } = seededCourse();
    withDb((db) => {
      const ticket = db.orders.find((candidate) => candidate.id === order.id)?.tickets[1];
      if (ticket) ticket.status = 'returned';
    });
    await openCourse(/^07:30 · Nisko – Kraków · 1 pasażer/);
    const boarding = screen.getByRole('listitem', { name: /Nisko, Dworzec Autobusowy$/ });
    expect(within(boarding).getByText('Wsiadają: 1 osoba')).toBeInTheDocument();
    // Still listed, marked returned, so the driver can tell it from an unknown ticket.
    expect(within(boarding).getByText(new RegExp(`^${order.tickets[1]?.number} · `))).toBeInTheDocument();
    resetBookingDb();
  });

  it('marks the course as having left, once, and says when (issue 39)', async () => {
    const { user, order } = await openCourse();
    await user.click(screen.getByRole('button', { name: 'Kurs odjechał' }));
    const at = await screen.findByText(/^Odjazd: \d{2}:\d{2}$/, {}, slow);
    expect(readDb().departures?.[order.outbound.course_id]).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Kurs odjechał' })).not.toBeInTheDocument();
    // The phone remembers it for the course.
    expect(useDriverStore.getState().departed[order.outbound.course_id]).toBe(readDb().departures?.[order.outbound.course_id]);
    expect(at).toHaveTextContent(new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(readDb().departures?.[order.outbound.course_id] ?? '')));
  });

  it('says why a course cancelled whole cannot leave', async () => {
    const { user, order } = await openCourse();
    withDisruptions((state) => {
      state.courses[order.outbound.course_id] = { status: 'cancelled', reason: 'Awaria', delay_minutes: null, changed_at: new Date().toISOString(), changed_by: 'admin@example.com', passengers: [] };
    });
    await user.click(screen.getByRole('button', { name: 'Kurs odjechał' }));
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent('Ten kurs został już odwołany.');
    expect(readDb().departures?.[order.outbound.course_id]).toBeUndefined();
  });
});
