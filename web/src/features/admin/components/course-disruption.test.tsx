import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { withDisruptions } from '@/testing/mocks/data/disruption-store';
import { samplePassengers } from '@/testing/mocks/data/disruptions';
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

  it('announces a delay with minutes and a reason, changes it, and clears it', async () => {
    const bodies = recordBodies();
    const { user } = renderApp(PAGE, ADMIN);
    const box = await section();
    await user.click(await within(box).findByRole('button', { name: 'Ogłoś opóźnienie' }, slow));
    let dialog = screen.getByRole('alertdialog', { name: 'Opóźnienie kursu' });
    await user.type(within(dialog).getByLabelText(/^Powód/), 'Korek na A4');
    await user.click(within(dialog).getByRole('button', { name: 'Ogłoś' }));
    expect(within(dialog).getByText('Podaj liczbę minut od 1 do 1440.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Opóźnienie \(minuty\)/), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Ogłoś' }));
    expect(await within(box).findByText('Opóźniony o 25 min', {}, slow)).toBeInTheDocument();

    await user.click(within(box).getByRole('button', { name: 'Zmień opóźnienie' }));
    dialog = screen.getByRole('alertdialog', { name: 'Opóźnienie kursu' });
    expect(within(dialog).getByLabelText(/^Powód/)).toHaveValue('Korek na A4');
    await user.clear(within(dialog).getByLabelText(/^Opóźnienie \(minuty\)/));
    await user.type(within(dialog).getByLabelText(/^Opóźnienie \(minuty\)/), '130');
    await user.click(within(dialog).getByRole('button', { name: 'Ogłoś' }));
    expect(await within(box).findByText('Opóźniony o 130 min', {}, slow)).toBeInTheDocument();
    expect(within(box).getByText('Pasażerowie mogą wybrać inny kurs lub pełny zwrot.')).toBeInTheDocument();

    await user.click(within(box).getByRole('button', { name: 'Usuń opóźnienie' }));
    dialog = screen.getByRole('alertdialog', { name: 'Kurs bez opóźnienia?' });
    await user.click(within(dialog).getByRole('button', { name: 'Usuń opóźnienie' }));
    expect(await within(box).findByText('Kurs odbywa się zgodnie z rozkładem', {}, slow)).toBeInTheDocument();
    expect(bodies['/api/course/course/delay']).toEqual([
      { course_id: COURSE, minutes: 25, reason: 'Korek na A4' },
      { course_id: COURSE, minutes: 130, reason: 'Korek na A4' },
      { course_id: COURSE, minutes: 0, reason: '' },
    ]);
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

  it('offers no choice for an unpaid order that was cancelled', async () => {
    const [first] = samplePassengers('2026-11-27T10:00:00Z');
    if (!first) throw new Error('a sample passenger');
    cancelled([{ ...first, state: 'order_cancelled', told_at: null }]);
    renderApp(PAGE, ADMIN);
    const box = await section();
    const row = (await within(box).findByRole('rowheader', { name: 'NB-2026-000042' }, slow)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Zamówienie nieopłacone, anulowane')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });
});
