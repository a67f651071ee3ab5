import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { errorBody } from '@/testing/mocks/handlers/responses';
import { server } from '@/testing/mocks/server';
import { allowConsoleErrors, renderApp } from '@/testing/test-utils';

const ADMIN = { loggedInAs: 'admin@example.com' };

describe('the admin frame', () => {
  it('groups the side navigation as the spec paths and marks the current area', async () => {
    renderApp('/admin/route/waypoint', ADMIN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Przystanki' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Nawigacja panelu' });
    expect(within(nav).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Trasy', 'Kursy', 'Zamówienia', 'Strona', 'Firma']);
    expect(within(nav).getByRole('link', { name: 'Przystanki' })).toHaveAttribute('aria-current', 'page');
    const crumbs = screen.getByRole('navigation', { name: 'Ścieżka' });
    expect(within(crumbs).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Panel administracyjny', 'Trasy', 'Przystanki']);
    await waitFor(() => expect(document.title).toBe('Przystanki – Panel administracyjny | Nisko Bus'));
  });

  it('speaks English under /en/admin', async () => {
    renderApp('/en/admin/course/discount', ADMIN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Discounts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Company settings' })).toHaveAttribute('href', '/en/admin/company/company/settings');
  });

  it('lists the orders under Orders', async () => {
    renderApp('/admin/order/order', ADMIN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Zamówienia' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Nowa sprzedaż w biurze' })).toHaveAttribute('href', '/admin/order/order/edit');
  });
});

describe('the list screen', () => {
  it('shows the server page, filters and sorts through the URL', async () => {
    const { user, router } = renderApp('/admin/route/waypoint', ADMIN);
    expect(await screen.findByRole('link', { name: 'Kraków, MDA Dworzec Autobusowy' })).toHaveAttribute('href', '/admin/route/waypoint/11');
    expect(screen.getByText('3 pozycje')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Nazwa'), 'Nisko');
    await user.click(screen.getByRole('button', { name: 'Filtruj' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /Kraków/ })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Nisko, Dworzec Autobusowy' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?filter%5Bname%5D%5Blike%5D=Nisko');

    await user.click(screen.getByRole('button', { name: /Miejscowość/ }));
    expect(router.state.location.search).toContain('sort=town');
    expect(screen.getByRole('columnheader', { name: /Miejscowość/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('restores its state from a link', async () => {
    renderApp('/admin/route/waypoint?sort=-name&per-page=10', ADMIN);
    const links = await screen.findAllByRole('link', { name: /Dworzec/ });
    expect(links.map((link) => link.textContent)).toEqual(['Stalowa Wola, Dworzec Autobusowy', 'Nisko, Dworzec Autobusowy', 'Kraków, MDA Dworzec Autobusowy']);
    expect(screen.getByLabelText('Na stronie')).toHaveValue('10');
  });

  it('says when nothing matches', async () => {
    renderApp('/admin/route/waypoint?filter[name][like]=zzz', ADMIN);
    expect(await screen.findByText('Brak pozycji spełniających warunki.')).toBeInTheDocument();
  });

  it('offers a retry when the server fails', async () => {
    allowConsoleErrors();
    server.use(http.get(apiUrl('/route/waypoint/all'), () => HttpResponse.json(errorBody(500, 'boom'), { status: 500 })));
    renderApp('/admin/route/waypoint', ADMIN);
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się wczytać danych.');
    expect(screen.getByRole('button', { name: 'Spróbuj ponownie' })).toBeInTheDocument();
  });
});

describe('the form', () => {
  it('checks the input before sending and keeps what was typed', async () => {
    const { user } = renderApp('/admin/route/waypoint/new', ADMIN);
    await user.type(await screen.findByLabelText(/^Nazwa/), 'Rudnik, Rynek');
    await user.type(screen.getByLabelText('Szerokość geogr.'), '95');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('To pole jest wymagane.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Miejscowość/)).toHaveAccessibleDescription('To pole jest wymagane.');
    expect(screen.getByLabelText('Szerokość geogr.')).toHaveAccessibleDescription(/Podaj wartość od -90 do 90/);
    expect(screen.getByLabelText(/^Nazwa/)).toHaveValue('Rudnik, Rynek');
  });

  it("shows the server's 422 errors at their fields, with a toast, and keeps the input", async () => {
    server.use(
      http.post(apiUrl('/route/waypoint/save'), () =>
        HttpResponse.json(errorBody(422, 'the data is not valid', [{ field: 'name', message: 'name is already used', code: 'field.conflict' }]), { status: 422 }),
      ),
    );
    const { user } = renderApp('/admin/route/waypoint/new', ADMIN);
    await user.type(await screen.findByLabelText(/^Nazwa/), 'Nisko, Dworzec Autobusowy');
    await user.type(screen.getByLabelText(/^Miejscowość/), 'Nisko');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Ta wartość jest już zajęta.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nazwa/)).toHaveAccessibleDescription('Ta wartość jest już zajęta.');
    expect(screen.getByText('Nie zapisano zmian. Popraw zaznaczone pola.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Miejscowość/)).toHaveValue('Nisko');
  });

  it('creates with POST, then opens the new record at its id', async () => {
    const { user, router } = renderApp('/admin/route/waypoint/new', ADMIN);
    await user.type(await screen.findByLabelText(/^Nazwa/), 'Rudnik, Rynek');
    await user.type(screen.getByLabelText(/^Miejscowość/), 'Rudnik');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Zapisano zmiany.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/route/waypoint/12'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rudnik, Rynek' })).toBeInTheDocument();
  });

  it('edits with PUT and asks before leaving unsaved changes', async () => {
    const { user, router } = renderApp('/admin/route/waypoint/2', ADMIN);
    const town = await screen.findByLabelText(/^Miejscowość/);
    await user.clear(town);
    await user.type(town, 'Stalowa Wola Centrum');
    await user.click(screen.getByRole('link', { name: 'Wróć do listy' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Masz niezapisane zmiany' });
    expect(within(dialog).getByRole('button', { name: 'Zostań' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Zostań' }));
    expect(router.state.location.pathname).toBe('/admin/route/waypoint/2');

    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Zapisano zmiany.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Wróć do listy' }));
    expect(await screen.findByRole('cell', { name: 'Stalowa Wola Centrum' })).toBeInTheDocument();
  });
});
