import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { warsawDate } from '@/i18n/format';
import { connectionFor, courseId } from '@/testing/mocks/data/catalogue';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

import { useBookingStore } from '../stores/booking-store';
import { paymentRedirect } from '../utils/payment-redirect';

const day = warsawDate(new Date(Date.now() + 2 * 86_400_000));

function startBooking() {
  const course = connectionFor(courseId(1, day, '07:30'), 1, 11);
  if (!course) throw new Error('no such demo course');
  const store = useBookingStore.getState();
  store.chooseCourses(course, null);
  store.setCustomer({
    first_name: 'Jan',
    last_name: 'Kowalski',
    email: 'jan.kowalski@example.com',
    phone: '+48 601 202 303',
    consent_statute: 1,
    consent_gdpr: 1,
  });
  store.updateTicket(0, { qty: 2 });
}

/** The bodies the order form sent to `place`. */
function placedBodies(): unknown[] {
  const bodies: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.endsWith('/order/order/place')) void request.clone().json().then((body) => bodies.push(body));
  });
  return bodies;
}

beforeEach(() => {
  vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
});

afterEach(() => {
  server.events.removeAllListeners();
});

describe('passengers’ names on the order form', { timeout: 20_000 }, () => {
  it('sends a name given for a seat, and none for the seats left to the buyer', async () => {
    startBooking();
    const bodies = placedBodies();
    const { user } = renderApp('/order/ticket');
    await screen.findByText('Cena za osobę: 39,00 zł', {}, { timeout: 5_000 });

    await user.click(screen.getByText('Imiona i nazwiska pasażerów (opcjonalnie)'));
    await user.type(screen.getByLabelText('Pasażer 2'), 'Anna Nowak');
    await user.click(screen.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Rezerwacja zapisana' })).toBeInTheDocument();
    expect(bodies).toEqual([expect.objectContaining({ tickets: [{ qty: 2, discount_id: null, passengers: ['', 'Anna Nowak'] }] })]);
  });

  it('refuses a control character next to the passenger’s field, before asking the server', async () => {
    startBooking();
    useBookingStore.getState().updateTicket(0, { passengers: ['Anna\u0000Nowak'] });
    const bodies = placedBodies();
    const { user } = renderApp('/order/ticket');
    await screen.findByText('Cena za osobę: 39,00 zł', {}, { timeout: 5_000 });

    await user.click(screen.getByRole('button', { name: 'Zamawiam z obowiązkiem zapłaty' }));

    const field = screen.getByLabelText('Pasażer 1');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/To pole zawiera niedozwolone znaki\./);
    expect(bodies).toEqual([]);
  });
});
