import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { readDb } from '@/testing/mocks/data/booking-db';
import { COMPANY_ORDER_HASH } from '@/testing/mocks/data/booking-seed';
import { adminTable } from '@/testing/mocks/handlers/admin';
import { renderApp } from '@/testing/test-utils';

const ADMIN = { loggedInAs: 'admin@example.com' };
const slow = { timeout: 5_000 };

/** The seed's company order: three tickets on one course, the third returned. */
function companyOrder() {
  const order = readDb().orders.find((candidate) => candidate.hash_id === COMPANY_ORDER_HASH);
  if (!order) throw new Error('the seed has no company order');
  return order;
}

describe("a course's passenger list", { timeout: 30_000 }, () => {
  it('lists every ticket the course carries with its order linked, a returned one listed but not counted', async () => {
    const order = companyOrder();
    const course = order.outbound.course_id;
    adminTable('course/course').rows.push({
      id: course,
      route_id: 1,
      route_name: order.outbound.route_name,
      route_course_settings_id: 1,
      departure_at: order.outbound.departure_at,
      seats: 49,
      sale_open: true,
      inventory_opened: true,
      disruption: 'none',
      delay_minutes: null,
      departed_at: null,
    });
    renderApp(`/admin/course/course/${course}`, ADMIN);
    const heading = await screen.findByRole('heading', { name: 'Lista pasażerów' }, slow);
    const section = heading.closest('section') as HTMLElement;
    expect(await within(section).findByText('Pasażerów na kursie: 2 (zwrócone bilety są na liście, ale się nie liczą)', {}, slow)).toBeInTheDocument();
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    for (const [index, ticket] of order.tickets.entries()) {
      const row = rows.find((candidate) => within(candidate).queryByText(ticket.number));
      if (!row) throw new Error(`no row of ${ticket.number}`);
      expect(within(row).getByText(index === 2 ? 'Zwrócony' : 'Ważny')).toBeInTheDocument();
      expect(within(row).getByText('Ewa Zielińska')).toBeInTheDocument();
      expect(within(row).getByRole('link', { name: order.number ?? '' })).toHaveAttribute('href', `/admin/order/order/${order.id}`);
    }
  });

  it('says a course without tickets has none', async () => {
    // The seeded course of the panel's table is no course of the booking's timetable: nothing sold on it.
    renderApp('/admin/course/course/0b6f7d2e-1c1a-4f4e-9a59-3f2f6f1c2a01', ADMIN);
    const heading = await screen.findByRole('heading', { name: 'Lista pasażerów' }, slow);
    expect(await within(heading.closest('section') as HTMLElement).findByText('Na ten kurs nie sprzedano biletów.', {}, slow)).toBeInTheDocument();
  });
});
