import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { warsawDate } from '@/i18n/format';
import { apiUrl } from '@/testing/mocks/api-url';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const tomorrow = () => warsawDate(new Date(Date.now() + 86_400_000));
const inDays = (days: number) => warsawDate(new Date(Date.now() + days * 86_400_000));

type User = ReturnType<typeof renderApp>['user'];

async function pickStop(user: User, label: string, typed: string, option: RegExp) {
  const input = screen.getByRole('combobox', { name: label });
  await user.clear(input);
  await user.type(input, typed);
  await user.click(await screen.findByRole('option', { name: option }));
}

// Whole-page flows with typing: slower than a unit test on a busy machine.
describe('search form on the home page', { timeout: 20_000 }, () => {
  it('offers one way and round trip, one way chosen, dates today', async () => {
    const { user } = renderApp('/');

    const form = await screen.findByRole('form', { name: 'Wyszukiwarka połączeń' });
    expect(within(form).getByRole('radio', { name: 'W jedną stronę' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'W obie strony' })).not.toBeChecked();
    expect(within(form).getByLabelText('Data wyjazdu')).toHaveValue(warsawDate());
    expect(within(form).queryByLabelText('Data powrotu')).not.toBeInTheDocument();

    await user.click(within(form).getByRole('radio', { name: 'W obie strony' }));
    expect(within(form).getByLabelText('Data powrotu')).toHaveValue(warsawDate());
  });

  it('completes stops from the dropdown with the keyboard (combobox)', async () => {
    const { user } = renderApp('/');
    const from = await screen.findByRole('combobox', { name: 'Skąd' });
    expect(from).toHaveAttribute('aria-expanded', 'false');

    await user.type(from, 'krak');
    const listbox = await screen.findByRole('listbox', { name: 'Skąd' });
    expect(from).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() =>
      expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Kraków, MDA Dworzec Autobusowy']),
    );
    expect(await screen.findByText('1 przystanek')).toBeInTheDocument();

    await user.keyboard('{ArrowDown}');
    expect(from).toHaveAttribute('aria-activedescendant', within(listbox).getByRole('option').id);
    await user.keyboard('{Enter}');
    expect(from).toHaveValue('Kraków, MDA Dworzec Autobusowy');
    expect(from).toHaveAttribute('aria-expanded', 'false');

    // Escape with the list closed clears the field.
    await user.keyboard('{Escape}');
    expect(from).toHaveValue('');
  });

  it('ignores diacritics when looking up stops', async () => {
    const { user } = renderApp('/');
    await user.type(await screen.findByRole('combobox', { name: 'Dokąd' }), 'rzeszow');
    expect(await screen.findByRole('option', { name: 'Rzeszów, Dworzec Autobusowy' })).toBeInTheDocument();
  });

  it('says what is missing instead of searching', async () => {
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Szukaj połączeń' }));

    expect(screen.getByText('Wybierz przystanek początkowy z listy.')).toBeInTheDocument();
    expect(screen.getByText('Wybierz przystanek docelowy z listy.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Skąd' })).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Skąd' })).toHaveAccessibleDescription('Wybierz przystanek początkowy z listy.');
    expect(router.state.location.pathname).toBe('/');
  });

  it('refuses the same stop twice', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('combobox', { name: 'Skąd' });
    await pickStop(user, 'Skąd', 'Nisko', /^Nisko, Dworzec/);
    await pickStop(user, 'Dokąd', 'Nisko', /^Nisko, Dworzec/);
    await user.click(screen.getByRole('button', { name: 'Szukaj połączeń' }));

    expect(screen.getByText('Przystanek docelowy musi być inny niż początkowy.')).toBeInTheDocument();
  });

  it('searches Nisko → Kraków and lists the connections with times, duration, seats and price', async () => {
    const { user, router } = renderApp('/');
    await screen.findByRole('combobox', { name: 'Skąd' });
    await pickStop(user, 'Skąd', 'Nisko', /^Nisko, Dworzec/);
    await pickStop(user, 'Dokąd', 'Kraków', /^Kraków/);
    fireEvent.input(screen.getByLabelText('Data wyjazdu'), { target: { value: tomorrow() } });
    await user.click(screen.getByRole('button', { name: 'Szukaj połączeń' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Wyniki wyszukiwania' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Wyniki wyszukiwania | Nisko Bus'));
    expect(router.state.location.pathname).toBe('/search');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      tripMode: 'one_way',
      start: '1',
      end: '11',
      date: tomorrow(),
    });

    const morning = await screen.findByRole('radio', { name: /odjazd 07:30, przyjazd 11:25/ });
    const option = morning.closest('label') as HTMLElement;
    expect(within(option).getByText('3 godz. 55 min')).toBeInTheDocument();
    expect(within(option).getByText('Cena: 39,00 zł')).toBeInTheDocument();
    expect(within(option).getByText(/wolnych miejsc|wolne miejsc/)).toHaveAttribute('aria-live', 'polite');
    expect(within(screen.getByRole('group', { name: /^Nisko, Dworzec Autobusowy → Kraków/ })).getAllByRole('radio')).toHaveLength(4);
  });

  it('shows a round trip in two groups and asks for both courses before continuing', async () => {
    const back = inDays(3);
    const { user, router } = renderApp(`/search?tripMode=round_trip&start=1&end=11&date=${tomorrow()}&dateBack=${back}`);

    const outbound = await screen.findByRole('group', { name: /^Tam: Nisko, Dworzec Autobusowy → Kraków/ });
    const returning = screen.getByRole('group', { name: /^Powrót: Kraków, MDA Dworzec Autobusowy → Nisko/ });
    // The form shows the search from the address, with the stop names from the results.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Skąd' })).toHaveValue('Nisko, Dworzec Autobusowy'));
    expect(screen.getByLabelText('Data powrotu')).toHaveValue(back);

    await user.click(within(outbound).getByRole('radio', { name: /odjazd 12:00/ }));
    await user.click(screen.getByRole('button', { name: 'Dalej: dane biletów' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Wybierz kurs powrotny.');

    await user.click(within(returning).getByRole('radio', { name: /odjazd 15:00/ }));
    await user.click(screen.getByRole('button', { name: 'Dalej: dane biletów' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/ticket'));
  });

  it('answers an empty day with a way to search the next one, without promising that day has courses', async () => {
    server.use(http.post(apiUrl('/search/search/index'), () => HttpResponse.json({ data: { outbound: [], return: [] } })));
    const { user, router } = renderApp(`/search?tripMode=one_way&start=1&end=11&date=${tomorrow()}`);

    expect(await screen.findByText('Brak połączeń między tymi przystankami w tym dniu.')).toBeInTheDocument();
    // The search cannot tell a day without courses from stops no line connects: the hint says both.
    expect(
      screen.getByText('Nie każdą parę przystanków łączy nasza linia. Sprawdź inny dzień albo wybierz inne przystanki.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Szukaj dzień później' }));
    expect(new URLSearchParams(router.state.location.search).get('date')).toBe(inDays(2));
  });

  it('offers the next day only when a line serves the stops (the backend says so with `served`)', async () => {
    server.use(
      http.post(apiUrl('/search/search/index'), () =>
        HttpResponse.json({ data: { outbound: [], return: [], served: true, return_served: false } }),
      ),
    );
    const { user, router } = renderApp(`/search?tripMode=one_way&start=1&end=11&date=${tomorrow()}`);

    expect(await screen.findByText('Brak połączeń między tymi przystankami w tym dniu.')).toBeInTheDocument();
    expect(screen.queryByText(/Nie każdą parę przystanków/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Szukaj dzień później' }));
    expect(new URLSearchParams(router.state.location.search).get('date')).toBe(inDays(2));
  });

  it('says no line connects the stops, with no next day to try, when none serves them', async () => {
    server.use(
      http.post(apiUrl('/search/search/index'), () =>
        HttpResponse.json({ data: { outbound: [], return: [], served: false, return_served: false } }),
      ),
    );
    renderApp(`/search?tripMode=one_way&start=1&end=11&date=${tomorrow()}`);

    expect(
      await screen.findByText('Żadna nasza linia nie łączy tych przystanków w tym kierunku. Wybierz inne przystanki.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Brak połączeń między tymi przystankami w tym dniu.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Szukaj dzień później' })).not.toBeInTheDocument();
  });

  it('tells the two directions of a round trip apart: courses there, no line back', async () => {
    const day = tomorrow();
    server.use(
      http.post(apiUrl('/search/search/index'), () =>
        HttpResponse.json({
          data: {
            outbound: [
              {
                course_id: `${day.replaceAll('-', '')}-0730-4001-8000-000000000000`,
                route_id: 1,
                route_name: 'Nisko – Kraków',
                from: { id: 1, name: 'Nisko, Dworzec Autobusowy' },
                to: { id: 11, name: 'Kraków, MDA Dworzec Autobusowy' },
                departure_at: `${day}T07:30:00+01:00`,
                arrival_at: `${day}T11:25:00+01:00`,
                departure_time: '07:30',
                arrival_time: '11:25',
                duration_minutes: 235,
                price: 3900,
                price_formatted: '39,00 zł',
                seats_available: 20,
              },
            ],
            return: [],
            served: true,
            return_served: false,
          },
        }),
      ),
    );
    renderApp(`/search?tripMode=round_trip&start=1&end=11&date=${day}&dateBack=${inDays(3)}`);

    const outbound = await screen.findByRole('group', { name: /^Tam: Nisko, Dworzec Autobusowy → Kraków/ });
    expect(within(outbound).getAllByRole('radio')).toHaveLength(1);
    const back = screen.getByRole('region', { name: /^Powrót: Kraków, MDA Dworzec Autobusowy → Nisko/ });
    expect(back).toHaveTextContent('Żadna nasza linia nie łączy tych przystanków w tym kierunku. Wybierz inne przystanki.');
    expect(within(back).queryByRole('button', { name: 'Szukaj dzień później' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dalej: dane biletów' })).not.toBeInTheDocument();
  });

  it('names no stops in the headings when a link finds nothing and the stop names are unknown', async () => {
    server.use(http.post(apiUrl('/search/search/index'), () => HttpResponse.json({ data: { outbound: [], return: [] } })));
    renderApp(`/search?tripMode=round_trip&start=1&end=11&date=${tomorrow()}&dateBack=${inDays(3)}`);

    const outbound = await screen.findByRole('heading', { level: 2, name: /^Tam: / });
    const back = screen.getByRole('heading', { level: 2, name: /^Powrót: / });
    for (const heading of [outbound, back]) {
      expect(heading.textContent).not.toMatch(/→|^\w+: ,/);
    }
    expect(screen.getAllByText('Brak połączeń między tymi przystankami w tym dniu.')).toHaveLength(2);
  });

  it('asks to choose the stops when a link has none (a date only), instead of empty names', async () => {
    renderApp(`/search?date=${tomorrow()}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Wyszukaj połączenie' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Wyszukaj połączenie | Nisko Bus'));
    expect(
      screen.getByText('Wybierz w wyszukiwarce przystanek początkowy i docelowy, aby zobaczyć połączenia.'),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByText(/→/)).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Skąd' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Dokąd' })).toHaveValue('');
  });

  it('says a date in the address is wrong, not that the stops are missing', async () => {
    renderApp('/search?tripMode=one_way&start=1&end=11&date=2026-02-30');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Data wyjazdu w adresie strony jest nieprawidłowa. Wybierz datę i wyszukaj ponownie.',
    );
    expect(screen.queryByText(/Wybierz w wyszukiwarce przystanek/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Data wyjazdu')).toHaveAccessibleDescription('Wybierz poprawną datę.');
  });

  it('shows the backend’s 422 next to the field, in Polish', async () => {
    renderApp(`/search?tripMode=one_way&start=1&end=11&date=2020-01-01`);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Popraw wyszukiwanie: Data wyjazdu już minęła. Wybierz dzisiejszą lub późniejszą.');
    expect(alert).not.toHaveTextContent('date is in the past');
    expect(screen.getByLabelText('Data wyjazdu')).toHaveAccessibleDescription(
      'Data wyjazdu już minęła. Wybierz dzisiejszą lub późniejszą.',
    );
  });

  // Issue 29: the English page showed it as the server sent it; it now gets the general sentence in English.
  it('shows a refusal it has no translation for as a general sentence in the page’s language', async () => {
    const refuse = () =>
      HttpResponse.json(
        {
          name: 'Unprocessable Entity',
          message: 'the moon is in the wrong phase',
          status: 422,
          errors: [{ field: 'date', message: 'the moon is in the wrong phase' }],
        },
        { status: 422 },
      );
    server.use(http.post(apiUrl('/search/search/index'), refuse));
    const { unmount } = renderApp(`/search?tripMode=one_way&start=1&end=11&date=${tomorrow()}`);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Popraw wyszukiwanie: Serwer nie mógł wykonać tej operacji. Sprawdź dane i spróbuj ponownie.');
    expect(alert).not.toHaveTextContent('moon');
    unmount();

    renderApp(`/en/search?tripMode=one_way&start=1&end=11&date=${tomorrow()}`);
    const english = await screen.findByRole('alert');
    expect(english).toHaveTextContent('The server could not do this. Check the data and try again.');
    expect(english).not.toHaveTextContent('moon');
  });

  it('announces a change of the seats left politely', async () => {
    const { queryClient } = renderApp(`/search?tripMode=one_way&start=1&end=11&date=${tomorrow()}`);
    const radio = await screen.findByRole('radio', { name: /odjazd 07:30/ });
    const seats = within(radio.closest('label') as HTMLElement).getByText(/miejsc/);
    const before = seats.textContent;

    server.use(
      http.post(apiUrl('/search/search/index'), async ({ request }) => {
        const body = (await request.json()) as { date: string };
        return HttpResponse.json({
          data: {
            outbound: [
              {
                course_id: `${body.date.replaceAll('-', '')}-0730-4001-8000-000000000000`,
                route_id: 1,
                route_name: 'Nisko – Kraków',
                from: { id: 1, name: 'Nisko, Dworzec Autobusowy' },
                to: { id: 11, name: 'Kraków, MDA Dworzec Autobusowy' },
                departure_at: `${body.date}T07:30:00+02:00`,
                arrival_at: `${body.date}T11:25:00+02:00`,
                departure_time: '07:30',
                arrival_time: '11:25',
                duration_minutes: 235,
                price: 3900,
                price_formatted: '39,00 zł',
                seats_available: 2,
              },
            ],
            return: [],
          },
        });
      }),
    );
    await act(() => queryClient.invalidateQueries({ queryKey: ['search'] }));

    await waitFor(() => expect(seats).toHaveTextContent('2 wolne miejsca'));
    expect(seats.textContent).not.toBe(before);
    // The same element (a live region that already existed) changed, so it is announced.
    expect(seats).toHaveAttribute('aria-live', 'polite');
  });

  it('shows prices in the English format under /en', async () => {
    renderApp(`/en/search?tripMode=one_way&start=1&end=11&date=${tomorrow()}`);

    const radio = await screen.findByRole('radio', { name: /departs 07:30, arrives 11:25/ });
    const option = radio.closest('label') as HTMLElement;
    expect(within(option).getByText('Price: PLN 39.00')).toBeInTheDocument();
    expect(within(option).getByText('3 h 55 min')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Search results | Nisko Bus'));
  });

  it('writes English dates the British way (day before month), not the US way', async () => {
    renderApp('/en/search?tripMode=one_way&start=1&end=11&date=2030-07-12');

    // "Friday 12 July 2030" (en-GB), not "Friday, July 12, 2030" (en-US).
    const heading = await screen.findByRole('heading', { level: 2, name: /^Nisko, Dworzec Autobusowy → / });
    expect(heading).toHaveTextContent(/Friday,? 12 July 2030$/);
    expect(screen.getByText('One way, 12 Jul')).toBeInTheDocument();
  });
});
