import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '@/testing/mocks/server';
import { allowConsoleErrors, renderApp } from '@/testing/test-utils';

describe('content pages', () => {
  it('renders /{slug} from the server’s HTML, with the page title', async () => {
    renderApp('/nisko-krakow');

    const article = await screen.findByRole('article', { name: 'Nisko – Kraków' });
    expect(within(article).getByRole('heading', { level: 2, name: 'Nisko – Kraków' })).toBeInTheDocument();
    expect(within(article).getByText('Odjazdy z Niska: 5:00, 7:30, 12:00, 15:30')).toBeInTheDocument();
    expect(within(article).getByText(/Infolinia:/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Nisko – Kraków | Nisko Bus'));
  });

  it('asks for the slug with ?id=', async () => {
    let asked: string | null = null;
    server.use(
      http.get('/api/app/content/get-content', ({ request }) => {
        asked = new URL(request.url).searchParams.get('id');
        return HttpResponse.json({ name: 'Not Found', message: 'This page could not be found', status: 404 }, { status: 404 });
      }),
    );
    renderApp('/en/some-page');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(asked).toBe('some-page');
  });

  it('serves the old addresses /old/nisko-krakow and /old/regulamin', async () => {
    renderApp('/old/regulamin');
    expect(await screen.findByRole('article', { name: 'Regulamin' })).toBeInTheDocument();
  });

  it('shows the 404 page for an unknown slug, without a toast', async () => {
    renderApp('/nie-ma-takiej-strony');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nie znaleziono strony' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the 404 page for a path that cannot be a slug, without asking', async () => {
    renderApp('/Wielkie_Litery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nie znaleziono strony' })).toBeInTheDocument();
  });

  it('opens links inside the content in-app', async () => {
    const { user, router } = renderApp('/nisko-krakow');
    const article = await screen.findByRole('article', { name: 'Nisko – Kraków' });
    await user.click(within(article).getByRole('link', { name: 'regulamin' }));
    expect(await screen.findByRole('article', { name: 'Regulamin' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/regulamin');
  });

  it('shows the generic error page when the server fails', async () => {
    allowConsoleErrors();
    server.use(
      http.get('/api/app/content/get-content', () =>
        HttpResponse.json({ name: 'Internal Server Error', message: 'boom', status: 500 }, { status: 500 }),
      ),
    );
    renderApp('/regulamin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wystąpił błąd' })).toBeInTheDocument();
  });

  it('shows the English text under /en, and Polish where none was written', async () => {
    let lang: string | null = null;
    server.use(
      http.get('/api/app/content/get-content', ({ request }) => {
        lang = new URL(request.url).searchParams.get('lang');
        return undefined;
      }),
    );
    renderApp('/en/nisko-krakow');

    const article = await screen.findByRole('article', { name: 'Nisko – Kraków' });
    expect(within(article).getByText('Departures from Nisko: 5:00, 7:30, 12:00, 15:30')).toBeInTheDocument();
    expect(within(article).queryByText('Odjazdy z Niska: 5:00, 7:30, 12:00, 15:30')).not.toBeInTheDocument();
    // No English side column was written: the Polish one is shown.
    expect(within(article).getByText(/Infolinia:/)).toBeInTheDocument();
    expect(lang).toBe('en');
  });

  it('asks for the page again in English when the language is switched', async () => {
    const { user } = renderApp('/regulamin');
    expect(await screen.findByRole('article', { name: 'Regulamin' })).toBeInTheDocument();

    await user.click(within(screen.getByRole('navigation', { name: 'Wybór języka' })).getByRole('link', { name: 'EN' }));

    expect(await screen.findByRole('article', { name: 'Terms and conditions' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Terms and conditions | Nisko Bus'));
  });
});
