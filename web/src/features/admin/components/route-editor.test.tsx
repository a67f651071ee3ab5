import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const ADMIN = { loggedInAs: 'admin@example.com' };

/** Every write the page sends (method and path), and the bodies of `path`'s. */
function writes() {
  const sent: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method !== 'GET') sent.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  return sent;
}

const refusal = (errors: { field: string; message: string; code: string; params?: Record<string, number> }[]) =>
  HttpResponse.json({ name: 'Unprocessable Entity', message: errors.map((e) => e.message).join('; '), status: 422, code: 'validation', errors }, { status: 422 });

afterEach(() => server.events.removeAllListeners());

describe("a route's page", () => {
  it('reorders stops with the keyboard and saves them in the new order in one request', async () => {
    const sent = writes();
    const bodies: unknown[] = [];
    server.use(
      http.put(apiUrl('/route/route-waypoint/save-list'), async ({ request }) => {
        bodies.push(await request.clone().json());
        return undefined;
      }),
    );
    const { user } = renderApp('/admin/route/route/1', ADMIN);
    const stops = await screen.findByRole('region', { name: 'Przystanki trasy' });
    await within(stops).findByText('Kraków, MDA Dworzec Autobusowy');
    await user.selectOptions(within(stops).getByLabelText('Wybierz przystanek'), 'Stalowa Wola, Dworzec Autobusowy');
    await user.click(within(stops).getByRole('button', { name: 'Dodaj przystanek' }));
    // Added last; moved up above Kraków with the keyboard.
    within(stops).getByRole('button', { name: 'W górę: Stalowa Wola, Dworzec Autobusowy' }).focus();
    await user.keyboard('{Enter}');
    const rows = within(stops).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Nisko, Dworzec Autobusowy',
      'Stalowa Wola, Dworzec Autobusowy',
      'Kraków, MDA Dworzec Autobusowy',
    ]);
    await user.clear(within(stops).getByLabelText('Minuty od startu: Stalowa Wola, Dworzec Autobusowy'));
    await user.type(within(stops).getByLabelText('Minuty od startu: Stalowa Wola, Dworzec Autobusowy'), '15');
    await user.click(within(stops).getByRole('button', { name: 'Zapisz przystanki' }));
    expect(await screen.findByText('Zapisano.')).toBeInTheDocument();
    // One request with the whole list, nothing parked: no single-stop saves or deletes.
    expect(sent).toEqual(['PUT /api/route/route-waypoint/save-list']);
    expect(bodies).toEqual([
      {
        stops: [
          { waypoint_id: 1, minutes_from_start: 0 },
          { waypoint_id: 2, minutes_from_start: 15 },
          { waypoint_id: 11, minutes_from_start: 180 },
        ],
      },
    ]);
    // Read back from the server: the new order with its minutes.
    await waitFor(() => expect(within(stops).getAllByRole('row')).toHaveLength(4));
    expect(within(stops).getByLabelText('Minuty od startu: Stalowa Wola, Dworzec Autobusowy')).toHaveValue('15');
    expect(within(stops).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Nisko, Dworzec Autobusowy',
      'Stalowa Wola, Dworzec Autobusowy',
      'Kraków, MDA Dworzec Autobusowy',
    ]);
  });

  it('refuses minutes that do not increase', async () => {
    const { user } = renderApp('/admin/route/route/1', ADMIN);
    const stops = await screen.findByRole('region', { name: 'Przystanki trasy' });
    const krakow = await within(stops).findByLabelText('Minuty od startu: Kraków, MDA Dworzec Autobusowy');
    await user.clear(krakow);
    await user.click(within(stops).getByRole('button', { name: 'Zapisz przystanki' }));
    expect(await within(stops).findByRole('alert')).toHaveTextContent('Minuty muszą rosnąć');
  });

  it('shows a refused stop list at its row and keeps the edits', async () => {
    const sent = writes();
    server.use(
      http.put(apiUrl('/route/route-waypoint/save-list'), () =>
        refusal([{ field: 'stops[1].minutes_from_start', message: 'minutes_from_start must be from 0 to 10000', code: 'field.out_of_range', params: { min: 0, max: 10000 } }]),
      ),
    );
    const { user } = renderApp('/admin/route/route/1', ADMIN);
    const stops = await screen.findByRole('region', { name: 'Przystanki trasy' });
    const krakow = await within(stops).findByLabelText('Minuty od startu: Kraków, MDA Dworzec Autobusowy');
    await user.clear(krakow);
    await user.type(krakow, '9000');
    await user.click(within(stops).getByRole('button', { name: 'Zapisz przystanki' }));
    expect(await within(stops).findByRole('alert')).toHaveTextContent('Nie zapisano przystanków; nic nie zostało zmienione.');
    expect(krakow).toHaveAttribute('aria-invalid', 'true');
    // The bounds come from the answer's params, in the page's words.
    expect(krakow).toHaveAccessibleDescription(/^Wpisz wartość od 0 do 10\s000\.$/);
    expect(within(stops).getByLabelText('Minuty od startu: Nisko, Dworzec Autobusowy')).not.toHaveAttribute('aria-invalid');
    expect(krakow).toHaveValue('9000');
    expect(sent).toEqual(['PUT /api/route/route-waypoint/save-list']);
  });

  it('fills the empty prices from a rate and saves the whole grid in one request', async () => {
    const sent = writes();
    const grids: unknown[] = [];
    server.use(
      http.put(apiUrl('/route/route-price/save-grid'), async ({ request }) => {
        grids.push(await request.clone().json());
        return undefined;
      }),
    );
    const { user } = renderApp('/admin/route/route/1', ADMIN);
    const prices = await screen.findByRole('region', { name: 'Ceny (zł) dla par przystanków' });
    const cell = await within(prices).findByLabelText('Cena Nisko, Dworzec Autobusowy → Kraków, MDA Dworzec Autobusowy');
    expect(cell).toHaveValue('39,00');
    await user.clear(cell);
    await user.click(within(prices).getByRole('button', { name: 'Wypełnij puste ze stawki' }));
    // 180 minutes at 0,20 zł.
    expect(cell).toHaveValue('36,00');
    await user.click(within(prices).getByRole('button', { name: 'Zapisz ceny' }));
    await screen.findByText('Zapisano.');
    expect(sent).toEqual(['PUT /api/route/route-price/save-grid']);
    expect(grids).toEqual([{ prices: [{ from_waypoint_id: 1, to_waypoint_id: 11, price: 3600 }] }]);
    await waitFor(() => expect(within(prices).getByLabelText(/Cena Nisko/)).toHaveValue('36,00'));
  });

  it('shows a price the server refused at its cell, with its bounds in złoty', async () => {
    const sent = writes();
    server.use(
      http.put(apiUrl('/route/route-price/save-grid'), () =>
        refusal([{ field: 'prices[0].price', message: 'out of range', code: 'field.out_of_range', params: { min: 1, max: 10_000_000 } }]),
      ),
    );
    const { user } = renderApp('/admin/route/route/1', ADMIN);
    const prices = await screen.findByRole('region', { name: 'Ceny (zł) dla par przystanków' });
    const cell = await within(prices).findByLabelText('Cena Nisko, Dworzec Autobusowy → Kraków, MDA Dworzec Autobusowy');
    await user.clear(cell);
    await user.type(cell, '12,50');
    await user.click(within(prices).getByRole('button', { name: 'Zapisz ceny' }));
    expect(await within(prices).findByRole('alert')).toHaveTextContent('Nie zapisano cen; nic nie zostało zmienione.');
    expect(cell).toHaveAttribute('aria-invalid', 'true');
    // A price's bounds are grosze in the answer's params and złoty on the page.
    expect(cell).toHaveAccessibleDescription(/^Podaj cenę od 0,01 do 100\s000,00 zł\.$/);
    expect(sent).toEqual(['PUT /api/route/route-price/save-grid']);
  });

  it('says at the cell why a price of 0, −5 or 12,505 cannot be saved, naming the cell, and sends nothing', async () => {
    const sent = writes();
    const { user } = renderApp('/admin/route/route/1', ADMIN);
    const prices = await screen.findByRole('region', { name: 'Ceny (zł) dla par przystanków' });
    const name = 'Cena Nisko, Dworzec Autobusowy → Kraków, MDA Dworzec Autobusowy';
    const cell = await within(prices).findByLabelText(name);
    for (const [typed, why] of [
      ['0', 'kwota musi być większa od zera (co najmniej 0,01 zł).'],
      ['-5', 'kwota nie może być ujemna. Wpisz 0 lub więcej, np. 12,50.'],
      ['12,505', 'najwyżej dwie cyfry po przecinku (grosze), np. 12,50.'],
    ] as const) {
      await user.clear(cell);
      await user.type(cell, typed);
      expect(cell).toHaveAttribute('aria-invalid', 'true');
      expect(cell).toHaveAccessibleDescription(`${name}: ${why}`);
    }
    await user.click(within(prices).getByRole('button', { name: 'Zapisz ceny' }));
    expect(await within(prices).findByRole('alert')).toHaveTextContent('Nie zapisano: 1 cena jest błędna.');
    expect(sent).toEqual([]);
  });

  it('edits a timetable with week days as checkboxes', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put(apiUrl('/route/route-course-settings/save'), async ({ request }) => {
        bodies.push(await request.clone().json());
        return undefined;
      }),
    );
    const { user } = renderApp('/admin/route/route/1', ADMIN);
    const timetables = await screen.findByRole('region', { name: 'Rozkłady jazdy' });
    // The saved timetable as loaded (every day, Sunday included) before Sunday is taken off: a box
    // found earlier may belong to the form drawn before the timetable arrived.
    const sunday = await waitFor(() => {
      const first = within(timetables).getAllByRole('group', { name: /Dni tygodnia/ })[0];
      if (!first) throw new Error('no timetable');
      const box = within(first).getByRole('checkbox', { name: 'nd' });
      expect(box).toBeChecked();
      return box;
    });
    await user.click(sunday);
    await user.click(within(timetables).getAllByRole('button', { name: 'Zapisz' })[0] as HTMLElement);
    expect(await screen.findByText('Zapisano zmiany.')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ route_id: 1, departure_times: ['05:00', '07:30'], week_days: [1, 2, 3, 4, 5, 6] });
  });

  it('adds a timetable exception and deletes it after confirming', async () => {
    const { user } = renderApp('/admin/route/route/1', ADMIN);
    const timetables = await screen.findByRole('region', { name: 'Rozkłady jazdy' });
    await user.click(await within(timetables).findByText('Dodaj wyjątek'));
    await user.type(within(timetables).getByLabelText(/^Data/), '2026-12-24');
    const add = within(timetables).getByText('Dodaj wyjątek').closest('details') as HTMLElement;
    await user.click(within(add).getByRole('button', { name: 'Zapisz' }));
    expect(await within(timetables).findByText(/24 grudnia 2026: Bez kursów/)).toBeInTheDocument();

    await user.click(within(timetables).getAllByRole('button', { name: 'Usuń' }).at(-1) as HTMLElement);
    const dialog = await screen.findByRole('alertdialog', { name: 'Usunąć ten wpis?' });
    await user.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(within(timetables).queryByText(/24 grudnia 2026/)).not.toBeInTheDocument());
    expect(within(timetables).getByText('Brak wyjątków.')).toBeInTheDocument();
  });

  it("saves a stop's platform and notes", async () => {
    const { user } = renderApp('/admin/route/route/1', ADMIN);
    const details = await screen.findByRole('region', { name: 'Szczegóły przystanków' });
    await user.type(within(details).getByLabelText('Stanowisko: Nisko, Dworzec Autobusowy'), '3');
    await user.click(within(details).getByRole('button', { name: 'Zapisz: Nisko, Dworzec Autobusowy' }));
    expect(await screen.findByText('Zapisano.')).toBeInTheDocument();
    await waitFor(() => expect(within(details).getByRole('button', { name: 'Zapisz: Nisko, Dworzec Autobusowy' })).toBeDisabled());
    expect(within(details).getByLabelText('Stanowisko: Nisko, Dworzec Autobusowy')).toHaveValue('3');
  });

  it('edits the route length in km (optional) and checks its bounds', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put(apiUrl('/route/route/save'), async ({ request }) => {
        bodies.push(await request.clone().json());
        return undefined;
      }),
    );
    const { user } = renderApp('/admin/route/route/1', ADMIN);
    const distance = await screen.findByLabelText(/^Długość trasy \(km\)/);
    expect(distance).toHaveValue('260');
    await user.clear(distance);
    await user.type(distance, '6000');
    // The record's own form comes first (its stops, prices and timetables below have their own).
    const save = () => screen.getAllByRole('button', { name: 'Zapisz' })[0] as HTMLElement;
    await user.click(save());
    expect(await screen.findByText(/od 1 do 5\s?000/)).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.clear(distance);
    await user.click(save());
    expect(await screen.findByText('Zapisano zmiany.')).toBeInTheDocument();
    expect(bodies).toEqual([expect.objectContaining({ name: 'Nisko – Kraków', distance_km: null })]);
  });

  it('lists each route with its length', async () => {
    renderApp('/admin/route/route', ADMIN);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: /Długość trasy \(km\)/ })).toBeInTheDocument();
    expect(await within(table).findByRole('cell', { name: '260' })).toBeInTheDocument();
  });
});
