// Issue 29: the server refuses a new course or a sale on an archived route with the code route.archived
// (a route archived by someone else since the page was opened); the panel says so in its language,
// not with the server's English.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const ADMIN = { loggedInAs: 'admin@example.com' };
const ENGLISH = 'the route is archived: unarchive it to add courses';

function archivedMeanwhile() {
  const refusal = {
    name: 'Unprocessable Entity',
    message: ENGLISH,
    status: 422,
    code: 'route.archived',
    errors: [{ field: 'route_id', message: ENGLISH, code: 'route.archived' }],
  };
  server.use(http.get(apiUrl('/course/course/generate-preview'), () => HttpResponse.json(refusal, { status: 422 })));
}

async function preview(path: string, heading: string, label: RegExp, button: string) {
  const { user } = renderApp(path, ADMIN);
  const section = (await screen.findByRole('heading', { name: heading }, { timeout: 5_000 })).closest('section') as HTMLElement;
  const select = within(section).getByLabelText(label);
  await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
  await user.selectOptions(select, within(select).getAllByRole('option')[1] as HTMLOptionElement);
  await user.click(within(section).getByRole('button', { name: button }));
}

const stamp = { created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
const ROUTES = [
  { id: 1, name: 'Nisko – Kraków', active: true, show_on_home: true, archived: false, ...stamp },
  { id: 2, name: 'Nisko – Rzeszów', active: true, show_on_home: false, archived: true, ...stamp },
];

describe('the new course form', { timeout: 20_000 }, () => {
  it('offers no archived route', async () => {
    server.use(
      http.get(apiUrl('/route/route/all'), () =>
        HttpResponse.json({ data: { models: ROUTES, pagination: { page: 1, perPage: 100, totalCount: 2, pageCount: 1 } } }),
      ),
    );
    renderApp('/admin/course/course/new', ADMIN);
    const select = await screen.findByLabelText(/^Trasa/, {}, { timeout: 5_000 });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Nisko – Kraków' })).toBeInTheDocument());
    expect(within(select).queryByRole('option', { name: /Nisko – Rzeszów/ })).toBeNull();
  });
});

describe('a course refused on an archived route', { timeout: 20_000 }, () => {
  it('is explained in Polish', async () => {
    archivedMeanwhile();
    await preview('/admin/course/course', 'Generowanie kursów z rozkładów', /^Trasa/, 'Pokaż, co powstanie');
    expect(await screen.findByText(/Ta trasa jest zarchiwizowana: jej kursów nie można sprzedawać ani dodawać nowych/)).toBeInTheDocument();
    expect(screen.queryByText(ENGLISH)).toBeNull();
  });
});
