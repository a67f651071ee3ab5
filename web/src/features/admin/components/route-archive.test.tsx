import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { errorBody } from '@/testing/mocks/handlers/responses';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const ADMIN = { loggedInAs: 'admin@example.com' };

const stamp = { created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
const ROUTES = [
  { id: 1, name: 'Nisko – Kraków', active: true, show_on_home: true, archived: false, ...stamp },
  { id: 2, name: 'Nisko – Rzeszów', active: true, show_on_home: false, archived: true, ...stamp },
];

const list = (models: unknown[]) => ({ data: { models, pagination: { page: 1, perPage: 100, totalCount: models.length, pageCount: 1 } } });

describe('archived routes (issue 29)', () => {
  it('are left out of the generator and marked in the filters', async () => {
    server.use(http.get(apiUrl('/route/route/all'), () => HttpResponse.json(list(ROUTES))));
    renderApp('/admin/course/course', ADMIN);
    const section = (await screen.findByRole('heading', { name: 'Generowanie kursów z rozkładów' })).closest('section') as HTMLElement;
    await waitFor(() => expect(within(section).getByRole('option', { name: 'Nisko – Kraków' })).toBeInTheDocument());
    expect(within(section).queryByRole('option', { name: /Nisko – Rzeszów/ })).not.toBeInTheDocument();
    const filters = screen.getByRole('form', { name: 'Filtry' });
    expect(within(filters).getByRole('option', { name: 'Nisko – Rzeszów (zarchiwizowana)' })).toBeInTheDocument();
  });

  it('says why a route with courses is not deleted', async () => {
    server.use(
      http.delete(apiUrl('/route/route/delete'), () =>
        HttpResponse.json(errorBody(409, 'The route has courses, so its orders still name it: archive it instead.', undefined, 'route.has_courses'), { status: 409 }),
      ),
    );
    const { user } = renderApp('/admin/route/route/1', ADMIN);
    expect(await screen.findByRole('checkbox', { name: /Zarchiwizowana/ })).not.toBeChecked();
    // The record's own delete comes first (its stops and prices below have theirs).
    await user.click(screen.getAllByRole('button', { name: 'Usuń' })[0] as HTMLElement);
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    expect(await screen.findByText('Tej trasy nie można usunąć: ma kursy, a zamówienia się do niej odwołują. Zarchiwizuj ją zamiast tego.')).toBeInTheDocument();
  });
});
