import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';

import pl from '@/i18n/messages/pl.json';
import { readDb } from '@/testing/mocks/data/booking-db';
import { withDisruptions } from '@/testing/mocks/data/disruption-store';
import { renderApp } from '@/testing/test-utils';

import type { Manifest, ManifestTicket } from '../api/driver-api';

import { PassengerList } from './passenger-list';

const DRIVER = 'driver@example.com';
const slow = { timeout: 5_000 };

/** The seeded paid order of two tickets: its outbound course is on the driver's list. */
function seededCourse() {
  const order = readDb().orders.find((candidate) => candidate.status === 'paid' && candidate.tickets.length === 2);
  if (!order) throw new Error('a paid order of two tickets in the seed');
  return { courseId: order.outbound.course_id, day: order.outbound.departure_at.slice(0, 10) };
}

describe("the driver's view of a disrupted course", { timeout: 20_000 }, () => {
  it('marks a cancelled course in the day list', async () => {
    const { courseId, day } = seededCourse();
    withDisruptions((state) => {
      state.courses[courseId] = { status: 'cancelled', reason: 'Awaria', delay_minutes: null, changed_at: '2026-11-27T10:00:00Z', changed_by: 'admin@example.com', passengers: [] };
    });
    const { user } = renderApp('/driver', { loggedInAs: DRIVER });
    const dayField = await screen.findByLabelText('Dzień', {}, slow);
    await user.clear(dayField);
    await user.type(dayField, day);
    expect(await screen.findByRole('radio', { name: /^07:30 · Nisko – Kraków · .*Kurs odwołany$/ }, slow)).toBeInTheDocument();
  });

  it('shows the delay of a late course in the day list', async () => {
    const { courseId, day } = seededCourse();
    withDisruptions((state) => {
      state.courses[courseId] = { status: 'delayed', reason: 'Korek', delay_minutes: 25, changed_at: '2026-11-27T10:00:00Z', changed_by: 'admin@example.com', passengers: [] };
    });
    const { user } = renderApp('/driver', { loggedInAs: DRIVER });
    const dayField = await screen.findByLabelText('Dzień', {}, slow);
    await user.clear(dayField);
    await user.type(dayField, day);
    expect(await screen.findByRole('radio', { name: /^07:30 · Nisko – Kraków · .*Opóźniony o 25 min$/ }, slow)).toBeInTheDocument();
  });

  it('marks the tickets moved onto the course from another one', () => {
    const ticket = (number: string, moved: ManifestTicket['moved_from_course']): ManifestTicket => ({
      number,
      passenger: 'Anna Nowak',
      code_sha256: '',
      from_waypoint_id: 1,
      from_name: 'Nisko',
      to_waypoint_id: 11,
      to_name: 'Kraków',
      discount_name: null,
      status: 'valid',
      used_at: null,
      moved_from_course: moved,
    });
    const manifest = {
      course: { course_id: 'c', route_name: 'Nisko – Kraków', departure_at: '2026-12-01T12:00:00+01:00' },
      stops: [
        { waypoint_id: 1, name: 'Nisko', at: '2026-12-01T12:00:00+01:00' },
        { waypoint_id: 11, name: 'Kraków', at: '2026-12-01T15:55:00+01:00' },
      ],
      tickets: [ticket('NB-1', { course_id: 'x', departure_at: '2026-12-01T07:30:00+01:00' }), ticket('NB-2', null)],
    } as unknown as Manifest;
    render(
      <IntlProvider locale="pl" messages={pl}>
        <PassengerList manifest={manifest} />
      </IntlProvider>,
    );
    const boarding = screen.getByRole('list', { name: 'Wsiadają: 2 osoby' });
    const [moved, stayed] = within(boarding).getAllByRole('listitem');
    expect(moved).toHaveTextContent(/przeniesiony z kursu 07:30$/);
    expect(stayed).not.toHaveTextContent(/przeniesiony/);
  });
});
