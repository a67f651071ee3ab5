import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { readDb, withDb } from '@/testing/mocks/data/booking-db';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const JAN = 'jan.kowalski@example.com';
const slow = { timeout: 5_000 };

/** The demo user's first valid ticket of the order in 5 days (Nisko → Kraków, 39 zł). */
function upcomingTicket() {
  const order = readDb().orders.find((candidate) => Date.parse(candidate.outbound.departure_at) > Date.now());
  const ticket = order?.tickets.find((candidate) => candidate.status === 'valid');
  if (!order || !ticket) throw new Error('no upcoming ticket');
  return { order, ticket };
}

function section() {
  return screen.getByRole('region', { name: 'Zmień kurs' });
}

/** Answers change-options with three courses: cheaper by 3 zł, the same price, dearer by 5 zł. */
function offerThreeCourses(number: string, cutoff = 10) {
  const at = (days: number, time: string) => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date(Date.now() + days * 86_400_000));
    return `${day}T${time}:00+02:00`;
  };
  const option = (days: number, time: string, seats: number, difference: number) => ({
    course_id: `0000000${days}-0000-4000-8000-00000000000${seats}`,
    departure_at: at(days, time),
    arrival_at: at(days, '23:00'),
    free_seats: seats,
    price: 3900 + difference,
    price_formatted: '',
    price_difference: difference,
    price_difference_formatted: '',
  });
  server.use(
    http.get(apiUrl('/order/ticket/change-options'), () =>
      HttpResponse.json({
        data: {
          number,
          can_change: true,
          reason: null,
          cutoff_minutes: cutoff,
          current: { course_id: 'x', departure_at: at(5, '07:30'), arrival_at: at(5, '11:25'), price: 3900, price_formatted: '' },
          options: [option(2, '05:00', 1, -300), option(3, '12:00', 3, 0), option(4, '15:30', 7, 500)],
        },
      }),
    ),
  );
}

describe('change of course on a ticket’s page', { timeout: 20_000 }, () => {
  it('explains the rules first, then moves the ticket to the chosen course and shows it', async () => {
    const { ticket } = upcomingTicket();
    const { user } = renderApp(`/user/your-tickets/${ticket.id}`, { loggedInAs: JAN });

    await screen.findByRole('heading', { level: 1, name: `Bilet ${ticket.number}` }, slow);
    const change = section();
    expect(
      await within(change).findByText(
        /^Kurs biletu możesz zmienić tylko raz, najpóźniej 10 minut przed odjazdem, na inny kurs tej samej linii między tymi samymi przystankami\./,
      ),
    ).toBeInTheDocument();

    await user.click(within(change).getByRole('button', { name: 'Wybierz nowy kurs' }));
    const list = within(change).getByRole('group', { name: 'Kursy, na które możesz zmienić bilet' });
    expect(list).toHaveFocus();
    const radios = within(list).getAllByRole('radio');
    expect(radios.length).toBeGreaterThan(1);
    expect(radios.length).toBeLessThanOrEqual(30);
    // Same route, same stops, same fare: no difference to pay or refund.
    expect(radios[0]).toHaveAccessibleName(/^.+, odjazd \d\d:\d\d, przyjazd \d\d:\d\d \d+ woln(e|ych) miejsc(a|e)? bez dopłaty$/);

    // "Next" without a choice says what is missing.
    await user.click(within(change).getByRole('button', { name: 'Dalej' }));
    expect(within(change).getByRole('alert')).toHaveTextContent('Wybierz kurs z listy.');

    const target = radios[1];
    if (!target) throw new Error('no second course');
    await user.click(target);
    await user.click(within(change).getByRole('button', { name: 'Dalej' }));

    const confirmation = within(change).getByRole('group', { name: `Czy zmienić kurs biletu ${ticket.number}?` });
    expect(within(confirmation).getByRole('heading', { name: `Czy zmienić kurs biletu ${ticket.number}?` })).toHaveFocus();
    expect(within(confirmation).getByText('Różnica w cenie').nextElementSibling).toHaveTextContent('Bez dopłaty i bez zwrotu');
    expect(within(confirmation).getByText('Po tej zmianie kursu biletu nie będzie można zmienić ponownie.')).toBeInTheDocument();

    await user.click(within(confirmation).getByRole('button', { name: 'Tak, zmień kurs' }));

    const done = await within(change).findByRole('status');
    expect(done).toHaveTextContent('Kurs biletu został zmieniony.');
    const newDeparture = /Nowy odjazd: (.+), (\d\d:\d\d)\./.exec(done.textContent ?? '');
    if (!newDeparture) throw new Error('no new departure');
    // The ticket was read again: its facts show the new course.
    await waitFor(() =>
      expect(screen.getByText('Odjazd').nextElementSibling).toHaveTextContent(
        `${newDeparture[1]}, ${newDeparture[2]} – Nisko, Dworzec Autobusowy`,
      ),
    );
    const changed = readDb().orders.flatMap((order) => order.tickets).find((candidate) => candidate.id === ticket.id);
    expect(changed?.course_changed).toBe(true);
    expect(within(change).queryByRole('button', { name: 'Wybierz nowy kurs' })).not.toBeInTheDocument();
  });

  it('shows the soonest six courses first, and the rest on request', async () => {
    const { ticket } = upcomingTicket();
    const at = (hour: number) => `2030-01-0${String(1 + (hour % 9))}T${String(hour).padStart(2, '0')}:00:00+01:00`;
    const options = Array.from({ length: 10 }, (_, i) => ({
      course_id: `00000000-0000-4000-8000-0000000000${String(10 + i)}`,
      departure_at: at(6 + i),
      arrival_at: at(7 + i),
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
            current: { course_id: 'x', departure_at: at(5), arrival_at: at(6), price: 3900, price_formatted: '39,00 zł' },
            options,
          },
        }),
      ),
    );
    const { user } = renderApp(`/user/your-tickets/${ticket.id}`, { loggedInAs: JAN });
    await screen.findByRole('heading', { level: 1, name: `Bilet ${ticket.number}` }, slow);
    await user.click(await within(section()).findByRole('button', { name: 'Wybierz nowy kurs' }, slow));
    const list = within(section()).getByRole('group', { name: 'Kursy, na które możesz zmienić bilet' });
    expect(within(list).getAllByRole('radio')).toHaveLength(6);
    await user.click(within(list).getByRole('button', { name: 'Pokaż jeszcze 4 kursy' }));
    expect(within(list).getAllByRole('radio')).toHaveLength(10);
    expect(within(list).queryByRole('button', { name: /Pokaż jeszcze/ })).not.toBeInTheDocument();
  });

  it('shows each course’s difference and confirms a refund', async () => {
    const { ticket } = upcomingTicket();
    offerThreeCourses(ticket.number);
    let sent: unknown;
    server.use(
      http.post(apiUrl('/order/order/change-course'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          data: {
            number: ticket.number,
            course_id: '00000002-0000-4000-8000-000000000001',
            departure_at: '2030-01-01T05:00:00+01:00',
            price_difference: -300,
            price_difference_formatted: '-3,00 zł',
            status: 'changed',
            payment_url: null,
            pay_by: null,
          },
        });
      }),
    );
    const { user } = renderApp(`/user/your-tickets/${ticket.id}`, { loggedInAs: JAN });

    await user.click(await screen.findByRole('button', { name: 'Wybierz nowy kurs' }, slow));
    const cheaper = screen.getByRole('radio', { name: /1 wolne miejsce zwrot 3,00\szł$/ });
    expect(screen.getByRole('radio', { name: /3 wolne miejsca bez dopłaty$/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /7 wolnych miejsc dopłata 5,00\szł$/ })).toBeInTheDocument();

    await user.click(cheaper);
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    expect(screen.getByText('Różnica w cenie').nextElementSibling).toHaveTextContent('Zwrócimy Ci 3,00 zł');
    await user.click(screen.getByRole('button', { name: 'Tak, zmień kurs' }));

    const done = await within(section()).findByRole('status');
    expect(done).toHaveTextContent('Kurs biletu został zmieniony.');
    expect(done).toHaveTextContent('Różnicę w cenie, 3,00 zł, zwrócimy tak jak zwrot biletu.');
    expect(sent).toEqual({ number: ticket.number, course_id: '00000002-0000-4000-8000-000000000001' });
  });

  it('says in Polish why the server refused, and goes back to the list', async () => {
    const { ticket } = upcomingTicket();
    offerThreeCourses(ticket.number);
    server.use(
      http.post(apiUrl('/order/order/change-course'), () =>
        HttpResponse.json(
          { name: 'Conflict', message: 'There are no seats left on this course.', status: 409, code: 'seats.not_enough', params: { available: 0 } },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp(`/user/your-tickets/${ticket.id}`, { loggedInAs: JAN });

    await user.click(await screen.findByRole('button', { name: 'Wybierz nowy kurs' }, slow));
    await user.click(screen.getByRole('radio', { name: /bez dopłaty$/ }));
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    await user.click(screen.getByRole('button', { name: 'Tak, zmień kurs' }));

    expect(await within(section()).findByRole('alert')).toHaveTextContent('W tym kursie nie ma już wolnych miejsc. Wybierz inny kurs.');
    expect(within(section()).getByRole('group', { name: 'Kursy, na które możesz zmienić bilet' })).toBeInTheDocument();
    expect(screen.queryByText(/no seats/)).not.toBeInTheDocument();
  });

  it('takes a dearer course to the payment of the difference, then shows the change waiting for it', async () => {
    const { ticket } = upcomingTicket();
    offerThreeCourses(ticket.number);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    server.use(
      http.post(apiUrl('/order/order/change-course'), () =>
        HttpResponse.json({
          data: {
            number: ticket.number,
            course_id: '00000004-0000-4000-8000-000000000007',
            departure_at: '2030-01-01T15:30:00+01:00',
            price_difference: 500,
            price_difference_formatted: '5,00 zł',
            status: 'awaiting_payment',
            payment_url: 'http://localhost/payment/sandbox/abc',
            pay_by: '2030-01-01T12:15:00+01:00',
          },
        }),
      ),
    );
    const { user, unmount } = renderApp(`/user/your-tickets/${ticket.id}`, { loggedInAs: JAN });

    await user.click(await screen.findByRole('button', { name: 'Wybierz nowy kurs' }, slow));
    await user.click(screen.getByRole('radio', { name: /7 wolnych miejsc dopłata 5,00\szł$/ }));
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    expect(screen.getByText('Różnica w cenie').nextElementSibling).toHaveTextContent(/^Dopłacisz 5,00\szł online\. Bilet zmieni kurs, gdy płatność dotrze/);
    await user.click(screen.getByRole('button', { name: /^Zmień kurs i zapłać 5,00\szł$/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/payment/sandbox/abc'));
    expect(within(section()).getByRole('status')).toHaveTextContent('Przekierowuję do płatności…');
    unmount();
    vi.unstubAllGlobals();

    // Back from the gateway before the payment arrived: the change waits, with the way to pay it.
    server.use(
      http.get(apiUrl('/order/ticket/change-options'), () =>
        HttpResponse.json({
          data: {
            number: ticket.number,
            can_change: false,
            reason: 'payment_pending',
            cutoff_minutes: 10,
            current: { course_id: 'x', departure_at: '2030-01-01T07:30:00+01:00', arrival_at: '2030-01-01T11:25:00+01:00', price: 3900, price_formatted: '' },
            options: [],
            pending: {
              course_id: '00000004-0000-4000-8000-000000000007',
              price_difference: 500,
              price_difference_formatted: '5,00 zł',
              payment_url: 'http://localhost/payment/sandbox/abc',
              pay_by: '2030-01-01T12:15:00+01:00',
            },
          },
        }),
      ),
    );
    renderApp(`/user/your-tickets/${ticket.id}`, { loggedInAs: JAN });
    expect(await within(await screen.findByRole('region', { name: 'Zmień kurs' }, slow)).findByText(/^Zmiana kursu czeka na dopłatę 5,00\szł do 12:15\./)).toBeInTheDocument();
    expect(within(section()).getByRole('link', { name: /^Zapłać 5,00\szł$/ })).toHaveAttribute('href', 'http://localhost/payment/sandbox/abc');
  });

  it('says why a ticket whose course was changed cannot be changed again', async () => {
    const { ticket } = upcomingTicket();
    withDb((db) => {
      const stored = db.orders.flatMap((order) => order.tickets).find((candidate) => candidate.id === ticket.id);
      if (stored) stored.course_changed = true;
    });
    renderApp(`/user/your-tickets/${ticket.id}`, { loggedInAs: JAN });

    await screen.findByRole('heading', { level: 1, name: `Bilet ${ticket.number}` }, slow);
    expect(
      await within(section()).findByText('Kurs tego biletu został już zmieniony. Kurs biletu można zmienić tylko raz.'),
    ).toBeInTheDocument();
    expect(within(section()).queryByRole('button', { name: 'Wybierz nowy kurs' })).not.toBeInTheDocument();
  });

  it('says when it is too late to change', async () => {
    const { ticket } = upcomingTicket();
    server.use(
      http.get(apiUrl('/order/ticket/change-options'), () =>
        HttpResponse.json({
          data: {
            number: ticket.number,
            can_change: false,
            reason: 'too_late',
            cutoff_minutes: 15,
            current: { course_id: 'x', departure_at: '2030-01-01T07:30:00+01:00', arrival_at: '2030-01-01T11:25:00+01:00', price: 3900 },
            options: [],
          },
        }),
      ),
    );
    renderApp(`/user/your-tickets/${ticket.id}`, { loggedInAs: JAN });

    expect(
      await within(await screen.findByRole('region', { name: 'Zmień kurs' }, slow)).findByText(
        'Kurs można zmienić najpóźniej 15 minut przed odjazdem. Na zmianę tego biletu jest już za późno.',
      ),
    ).toBeInTheDocument();
  });

  it('is in English under /en', async () => {
    const { ticket } = upcomingTicket();
    const { user } = renderApp(`/en/user/your-tickets/${ticket.id}`, { loggedInAs: JAN });

    // Natural English: a departure, not a "course" (a word-for-word "kurs").
    const change = await screen.findByRole('region', { name: 'Change the departure' }, slow);
    expect(
      await within(change).findByText(/^You can move a ticket to another departure once, up to 10 minutes before it leaves/),
    ).toBeInTheDocument();
    expect(screen.getByText('Journey')).toBeInTheDocument();
    expect(screen.queryByText('Course')).not.toBeInTheDocument();
    await user.click(within(change).getByRole('button', { name: 'Choose another departure' }));
    expect(within(change).getAllByRole('radio')[0]).toHaveAccessibleName(/, departs \d\d:\d\d, arrives \d\d:\d\d \d+ free seats? no extra charge$/);
  });
});

describe('a returned ticket’s page', { timeout: 20_000 }, () => {
  it('shows no QR code and no change of course, but the ticket’s state', async () => {
    const returned = readDb()
      .orders.flatMap((order) => order.tickets)
      .find((candidate) => candidate.status === 'returned');
    if (!returned) throw new Error('no returned ticket');
    renderApp(`/user/your-tickets/${returned.id}`, { loggedInAs: JAN });

    expect(await screen.findByText('Bilet zwrócony. Jego kod QR jest nieważny.', {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Kod QR/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Zmień kurs' })).not.toBeInTheDocument();
  });

  it('hides the QR code as soon as the ticket is returned on its page', async () => {
    const { ticket } = upcomingTicket();
    const { user } = renderApp(`/user/your-tickets/${ticket.id}`, { loggedInAs: JAN });

    expect(await screen.findByRole('img', { name: `Kod QR biletu ${ticket.number}` }, slow)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zwróć bilet' }));
    await user.click(screen.getByRole('button', { name: 'Tak, zwróć bilet' }));

    expect(await screen.findByText('Bilet zwrócony. Jego kod QR jest nieważny.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Kod QR/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Zmień kurs' })).not.toBeInTheDocument();
  });
});
