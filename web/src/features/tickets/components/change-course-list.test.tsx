// The change of course opens its list at the ticket's own day (issue #30): of 30 courses from now on,
// a ticket for the fifth day showed today's six first and hid its own day behind "Pokaż jeszcze 24 kursy".
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { readDb } from '@/testing/mocks/data/booking-db';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const slow = { timeout: 5_000 };

/** `YYYY-MM-DD` in Warsaw `days` from today, and a time that day with Warsaw's winter offset. */
const day = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date(Date.now() + days * 86_400_000));
const at = (days: number, time: string) => `${day(days)}T${time}:00+01:00`;

describe('the courses a ticket can move to', { timeout: 20_000 }, () => {
  it('start at the ticket’s own day, the earlier ones on request', async () => {
    const ticket = readDb()
      .orders.find((order) => Date.parse(order.outbound.departure_at) > Date.now())
      ?.tickets.find((candidate) => candidate.status === 'valid');
    if (!ticket) throw new Error('no upcoming ticket');
    // Six courses a day (05:00 … 20:00), from tomorrow on, for five days: 30 in all.
    const times = ['05:00', '08:00', '11:00', '14:00', '17:00', '20:00'];
    const options = Array.from({ length: 30 }, (_, i) => ({
      course_id: `00000000-0000-4000-8000-0000000000${String(10 + i)}`,
      departure_at: at(1 + Math.floor(i / 6), times[i % 6] ?? '05:00'),
      arrival_at: at(1 + Math.floor(i / 6), '23:00'),
      free_seats: 5,
      price: 3900,
      price_formatted: '39,00 zł',
      price_difference: 0,
      price_difference_formatted: '0,00 zł',
    }));
    server.use(
      http.get(apiUrl('/order/ticket/change-options'), () =>
        HttpResponse.json({
          data: {
            number: ticket.number,
            can_change: true,
            reason: null,
            cutoff_minutes: 10,
            // The ticket leaves on the fourth day at 14:00.
            current: { course_id: 'x', departure_at: at(4, '14:00'), arrival_at: at(4, '18:00'), price: 3900, price_formatted: '39,00 zł' },
            options,
          },
        }),
      ),
    );
    const { user } = renderApp(`/user/your-tickets/${ticket.id}`, { loggedInAs: 'jan.kowalski@example.com' });
    const section = await screen.findByRole('region', { name: 'Zmień kurs' }, slow);
    await user.click(await within(section).findByRole('button', { name: 'Wybierz nowy kurs' }, slow));

    const list = within(section).getByRole('group', { name: 'Kursy, na które możesz zmienić bilet' });
    const shown = within(list).getAllByRole('radio');
    expect(shown).toHaveLength(6);
    // The fourth day's six courses (options 18-23), not tomorrow's.
    expect(shown.map((radio) => (radio as HTMLInputElement).value)).toEqual(options.slice(18, 24).map((option) => option.course_id));
    await user.click(within(list).getByRole('button', { name: 'Pokaż jeszcze 24 kursy' }));
    expect(within(list).getAllByRole('radio')).toHaveLength(30);
  });
});
