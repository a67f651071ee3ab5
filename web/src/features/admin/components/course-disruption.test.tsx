import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { withDisruptions } from '@/testing/mocks/data/disruption-store';
import { samplePassengers } from '@/testing/mocks/data/disruptions';
import { errorAnswer } from '@/testing/mocks/handlers/errors';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const ADMIN = { loggedInAs: 'admin@example.com' };
const COURSE = '0b6f7d2e-1c1a-4f4e-9a59-3f2f6f1c2a01';
const PAGE = `/admin/course/course/${COURSE}`;
const slow = { timeout: 5_000 };

/** What the admin's calls send, by path. */
function recordBodies() {
  const bodies: Record<string, unknown[]> = {};
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    if (request.method !== 'POST' || !path.includes('/course/course/')) return;
    void request.clone().json().then((body: unknown) => (bodies[path] ??= []).push(body));
  });
  return bodies;
}

function cancelled(passengers = samplePassengers('2026-11-27T10:00:00Z')) {
  withDisruptions((state) => {
    state.courses[COURSE] = { status: 'cancelled', reason: 'Awaria autobusu', delay_minutes: null, changed_at: '2026-11-27T10:00:00Z', changed_by: 'admin@example.com', passengers };
  });
}

afterEach(() => server.events.removeAllListeners());

async function section() {
  const heading = await screen.findByRole('heading', { name: 'Odwołanie i opóźnienie' }, slow);
  return heading.closest('section') as HTMLElement;
}

describe("a course's cancellation and delay", { timeout: 30_000 }, () => {
  it('cancels a course only with a reason, then shows it cancelled with its passengers', async () => {
    const bodies = recordBodies();
    const { user } = renderApp(PAGE, ADMIN);
    const box = await section();
    expect(await within(box).findByText('Kurs odbywa się zgodnie z rozkładem', {}, slow)).toBeInTheDocument();

    await user.click(within(box).getByRole('button', { name: 'Odwołaj kurs' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Odwołać kurs?' });
    await user.click(within(dialog).getByRole('button', { name: 'Odwołaj kurs' }));
    expect(within(dialog).getByText('Podaj powód (co najmniej 3 znaki).')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Powód/)).toHaveAttribute('aria-invalid', 'true');
    expect(bodies['/api/course/course/cancel']).toBeUndefined();

    await user.type(within(dialog).getByLabelText(/^Powód/), 'Awaria autobusu');
    await user.click(within(dialog).getByRole('button', { name: 'Odwołaj kurs' }));
    expect(await within(box).findByText('Kurs odwołany', {}, slow)).toBeInTheDocument();
    expect(bodies['/api/course/course/cancel']).toEqual([{ course_id: COURSE, reason: 'Awaria autobusu' }]);
    expect(within(box).getByText('Awaria autobusu')).toBeInTheDocument();
    // A cancelled course can be neither cancelled again nor delayed.
    expect(within(box).queryByRole('button', { name: 'Odwołaj kurs' })).not.toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: 'Ogłoś opóźnienie' })).not.toBeInTheDocument();
    const table = within(box).getByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'NB-2026-000042' })).toBeInTheDocument();
    expect(within(table).getByText('Powiadomiony, bez wyboru')).toBeInTheDocument();
    expect(within(table).getByText('Czeka na powiadomienie')).toBeInTheDocument();
  });

  it('cancels a course from one of its stops onward (never its last), or whole by default', async () => {
    const bodies = recordBodies();
    const { user } = renderApp(PAGE, ADMIN);
    const box = await section();
    await user.click(await within(box).findByRole('button', { name: 'Odwołaj kurs' }, slow));
    const dialog = screen.getByRole('alertdialog', { name: 'Odwołać kurs?' });
    const from = within(dialog).getByLabelText('Od przystanku');
    expect(from).toHaveValue('');
    expect(within(from).getByRole('option', { name: 'Cały kurs' })).toBeInTheDocument();
    // The course's stops but the last (Kraków).
    await within(dialog).findByRole('option', { name: 'Stalowa Wola, Dworzec Autobusowy' }, slow);
    expect(within(from).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Cały kurs',
      'Nisko, Dworzec Autobusowy',
      'Stalowa Wola, Dworzec Autobusowy',
    ]);
    await user.selectOptions(from, 'Stalowa Wola, Dworzec Autobusowy');
    await user.type(within(dialog).getByLabelText(/^Powód/), 'Zamknięty most');
    await user.click(within(dialog).getByRole('button', { name: 'Odwołaj kurs' }));
    expect(await within(box).findByText('Kurs odwołany', {}, slow)).toBeInTheDocument();
    expect(bodies['/api/course/course/cancel']).toEqual([{ course_id: COURSE, reason: 'Zamknięty most', from_waypoint_id: 2 }]);
    // The stop it was cut at, as the server answers it (`cancelled_from_waypoint_id`).
    const cut = within(box).getByText('Od przystanku').closest('div') as HTMLElement;
    expect(await within(cut).findByText('Stalowa Wola, Dworzec Autobusowy', {}, slow)).toBeInTheDocument();
  });

  it('announces a delay as the expected departure, changes it, and clears it (the course runs on schedule)', async () => {
    const bodies = recordBodies();
    const { user } = renderApp(PAGE, ADMIN);
    const box = await section();
    await user.click(await within(box).findByRole('button', { name: 'Ogłoś opóźnienie' }, slow));
    let dialog = screen.getByRole('alertdialog', { name: 'Opóźnienie kursu' });
    const expected = () => within(dialog).getByLabelText(/^Przewidywany odjazd z pierwszego przystanku/);
    // Prefilled with the scheduled departure (07:30 in Warsaw): not a delay yet.
    expect(expected()).toHaveValue('2026-12-01T07:30');
    expect(within(dialog).getByText('Planowy odjazd: 01.12.2026, 07:30')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Powód/), 'Korek na A4');
    await user.click(within(dialog).getByRole('button', { name: 'Ogłoś' }));
    expect(within(dialog).getByText('Podaj odjazd późniejszy niż planowy, najpóźniej 24 godziny po nim.')).toBeInTheDocument();
    expect(expected()).toHaveAttribute('aria-invalid', 'true');
    fireEvent.input(expected(), { target: { value: '2026-12-01T07:55' } });
    expect(within(dialog).getByText('Opóźnienie: 25 min')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ogłoś' }));
    expect(await within(box).findByText('Opóźniony o 25 min', {}, slow)).toBeInTheDocument();
    expect(within(box).getByText('Przewidywany odjazd').nextElementSibling).toHaveTextContent('01.12.2026, 07:55');

    await user.click(within(box).getByRole('button', { name: 'Zmień opóźnienie' }));
    dialog = screen.getByRole('alertdialog', { name: 'Opóźnienie kursu' });
    expect(within(dialog).getByLabelText(/^Powód/)).toHaveValue('Korek na A4');
    expect(expected()).toHaveValue('2026-12-01T07:55');
    fireEvent.input(expected(), { target: { value: '2026-12-01T09:40' } });
    await user.click(within(dialog).getByRole('button', { name: 'Ogłoś' }));
    expect(await within(box).findByText('Opóźniony o 130 min', {}, slow)).toBeInTheDocument();
    expect(within(box).getByText('Pasażerowie mogą wybrać inny kurs lub pełny zwrot.')).toBeInTheDocument();

    await user.click(within(box).getByRole('button', { name: 'Kurs jedzie zgodnie z rozkładem' }));
    dialog = screen.getByRole('alertdialog', { name: 'Kurs jedzie zgodnie z rozkładem?' });
    expect(dialog).toHaveAccessibleDescription(/każdy pasażer dostanie wiadomość/);
    await user.click(within(dialog).getByRole('button', { name: 'Usuń opóźnienie' }));
    expect(await within(box).findByText('Kurs odbywa się zgodnie z rozkładem', {}, slow)).toBeInTheDocument();
    expect(bodies['/api/course/course/delay']).toEqual([
      { course_id: COURSE, expected_departure_at: '2026-12-01T06:55:00.000Z', reason: 'Korek na A4' },
      { course_id: COURSE, expected_departure_at: '2026-12-01T08:40:00.000Z', reason: 'Korek na A4' },
      { course_id: COURSE, expected_departure_at: '2026-12-01T06:30:00.000Z', reason: '' },
    ]);
  });

  it('shows the compensation owed and pays it only after a confirmation, then shows it paid', async () => {
    cancelled();
    const bodies = recordBodies();
    const { user } = renderApp(PAGE, ADMIN);
    const box = await section();
    const table = await within(box).findByRole('table', {}, slow);
    expect(within(table).getByRole('columnheader', { name: 'Odszkodowanie' })).toBeInTheDocument();
    const row = within(table).getByRole('rowheader', { name: 'NB-2026-000044' }).closest('tr') as HTMLElement;
    expect(within(row).getByText(/^19,50\s?zł$/)).toBeInTheDocument();
    // Nothing is owed to the others.
    const anna = within(table).getByRole('rowheader', { name: 'NB-2026-000042' }).closest('tr') as HTMLElement;
    expect(within(anna).queryByRole('button', { name: 'Wypłać odszkodowanie' })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Wypłać odszkodowanie' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Wypłacić odszkodowanie?' });
    expect(dialog).toHaveAccessibleDescription(/^Katarzyna Wiśniewska \(zamówienie NB-2026-000044\) otrzyma 19,50\s?zł: 50% ceny biletów/);
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(bodies['/api/course/course/disruption-compensation']).toBeUndefined();

    await user.click(within(row).getByRole('button', { name: 'Wypłać odszkodowanie' }));
    dialog = screen.getByRole('alertdialog', { name: 'Wypłacić odszkodowanie?' });
    await user.click(within(dialog).getByRole('button', { name: 'Wypłać' }));
    expect(await screen.findByText('Odszkodowanie wypłacone.', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText(/^Wypłacono \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)).toBeInTheDocument(), slow);
    expect(within(row).queryByRole('button', { name: 'Wypłać odszkodowanie' })).not.toBeInTheDocument();
    expect(bodies['/api/course/course/disruption-compensation']).toEqual([{ course_id: COURSE, order_id: '7d1c2b3a-0000-4000-8000-000000000003' }]);
  });

  it('says a compensation paid meanwhile in the panel’s words', async () => {
    cancelled();
    server.use(
      http.post(apiUrl('/course/course/disruption-compensation'), () =>
        errorAnswer(409, 'Conflict', 'The compensation was paid already.', 'disruption.compensation_paid'),
      ),
    );
    const { user } = renderApp(PAGE, ADMIN);
    const box = await section();
    const row = (await within(box).findByRole('rowheader', { name: 'NB-2026-000044' }, slow)).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Wypłać odszkodowanie' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Wypłacić odszkodowanie?' })).getByRole('button', { name: 'Wypłać' }));
    expect(await screen.findByText('To odszkodowanie zostało już wypłacone.', {}, slow)).toBeInTheDocument();
  });

  it("sends a passenger's message again", async () => {
    cancelled();
    const bodies = recordBodies();
    const { user } = renderApp(PAGE, ADMIN);
    const box = await section();
    const row = (await within(box).findByRole('rowheader', { name: 'NB-2026-000042' }, slow)).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Wyślij ponownie' }));
    expect(await screen.findByText('Wiadomość wysłana ponownie.', {}, slow)).toBeInTheDocument();
    expect(bodies['/api/course/course/disruption-resend']).toEqual([{ course_id: COURSE, order_id: '7d1c2b3a-0000-4000-8000-000000000001' }]);
  });

  it('moves a passenger only to a chosen course, or refunds them', async () => {
    cancelled();
    const other = { id: 'c0ffee00-0000-4000-8000-000000000001', route_id: 1, route_name: 'Nisko – Kraków', departure_at: '2099-12-02T07:30:00+01:00', seats: 49, sale_open: true, inventory_opened: true };
    server.use(
      http.get(apiUrl('/course/course/all'), () =>
        HttpResponse.json({ data: { models: [other], pagination: { page: 1, perPage: 1000, totalCount: 1, pageCount: 1 } } }),
      ),
    );
    const bodies = recordBodies();
    const { user } = renderApp(PAGE, ADMIN);
    const box = await section();
    const anna = (await within(box).findByRole('rowheader', { name: 'NB-2026-000042' }, slow)).closest('tr') as HTMLElement;
    await user.click(within(anna).getByRole('button', { name: 'Wybierz za pasażera' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Wybór za pasażera' });
    const confirm = within(dialog).getByRole('button', { name: 'Zatwierdź wybór' });
    // A move needs its course.
    expect(confirm).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Kurs'), await within(dialog).findByRole('option', { name: '02.12.2099, 07:30' }, slow));
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(within(anna).getByText('Przeniesiony na inny kurs')).toBeInTheDocument(), slow);
    // Chosen: nothing more to choose for this passenger.
    expect(within(anna).queryByRole('button', { name: 'Wybierz za pasażera' })).not.toBeInTheDocument();

    const piotr = within(box).getByRole('rowheader', { name: 'NB-2026-000043' }).closest('tr') as HTMLElement;
    await user.click(within(piotr).getByRole('button', { name: 'Wybierz za pasażera' }));
    const second = screen.getByRole('alertdialog', { name: 'Wybór za pasażera' });
    await user.click(within(second).getByRole('radio', { name: 'Pełny zwrot' }));
    await user.click(within(second).getByRole('button', { name: 'Zatwierdź wybór' }));
    await waitFor(() => expect(within(piotr).getByText('Zwrot pełnej kwoty')).toBeInTheDocument(), slow);
    expect(within(piotr).getByText('Zwrot 39,00 zł')).toBeInTheDocument();
    expect(bodies['/api/course/course/disruption-choose']).toEqual([
      { course_id: COURSE, order_id: '7d1c2b3a-0000-4000-8000-000000000001', choice: 'move', to_course_id: other.id },
      { course_id: COURSE, order_id: '7d1c2b3a-0000-4000-8000-000000000002', choice: 'refund', to_course_id: null },
    ]);
  });

  it('offers no choice for an unpaid order that was cancelled, and says it has nothing to refund', async () => {
    const [first] = samplePassengers('2026-11-27T10:00:00Z');
    if (!first) throw new Error('a sample passenger');
    cancelled([{ ...first, state: 'order_cancelled', told_at: null }]);
    renderApp(PAGE, ADMIN);
    const box = await section();
    const row = (await within(box).findByRole('rowheader', { name: 'NB-2026-000042' }, slow)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Zamówienie nieopłacone, anulowane')).toBeInTheDocument();
    expect(within(row).getByText('Nic do zwrotu (nie zapłacono)')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it("links each passenger's order number to the order's page", async () => {
    const passengers = samplePassengers('2026-11-27T10:00:00Z');
    cancelled(passengers);
    renderApp(PAGE, ADMIN);
    const box = await section();
    for (const passenger of passengers) {
      const header = await within(box).findByRole('rowheader', { name: passenger.order_number }, slow);
      expect(within(header).getByRole('link', { name: passenger.order_number })).toHaveAttribute('href', `/admin/order/order/${passenger.order_id}`);
    }
  });
});
