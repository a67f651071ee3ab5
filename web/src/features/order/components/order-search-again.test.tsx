// The order form's "Zmień połączenie" goes back to the results of the search that found the chosen
// courses (issue #30, 5), not to an empty search asking for the stops.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { warsawDate } from '@/i18n/format';
import { connectionFor, courseId } from '@/testing/mocks/data/catalogue';
import { renderApp } from '@/testing/test-utils';

import { useBookingStore, type BookingCourse } from '../stores/booking-store';

const inDays = (days: number) => warsawDate(new Date(Date.now() + days * 86_400_000));

function course(line: number, day: string, time: string, from: number, to: number): BookingCourse {
  const found = connectionFor(courseId(line, day, time), from, to);
  if (!found) throw new Error('no such demo course');
  return found;
}

describe('changing the connection from the order form', { timeout: 20_000 }, () => {
  it('shows the results of the search that found the chosen courses', async () => {
    const there = inDays(2);
    const back = inDays(4);
    useBookingStore.getState().chooseCourses(course(1, there, '07:30', 1, 11), course(2, back, '15:00', 11, 1));
    const { user } = renderApp('/order/ticket');

    const trip = await screen.findByRole('region', { name: 'Wybrane połączenie' }, { timeout: 5_000 });
    const change = within(trip).getByRole('link', { name: 'Zmień połączenie' });
    expect(change).toHaveAttribute('href', `/search?tripMode=round_trip&start=1&end=11&date=${there}&dateBack=${back}`);
    await user.click(change);

    expect(await screen.findByRole('heading', { level: 1, name: 'Wyniki wyszukiwania' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: /^Tam: Nisko, Dworzec Autobusowy → Kraków/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /^Powrót: / })).toBeInTheDocument();
    expect(screen.getAllByRole('radio', { name: /odjazd/ }).length).toBeGreaterThan(1);
    expect(screen.queryByText(/Wybierz w wyszukiwarce przystanek/)).not.toBeInTheDocument();
  });
});
