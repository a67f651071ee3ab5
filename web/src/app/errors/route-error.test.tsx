import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { LocaleProvider } from '@/i18n/locale-provider';
import type { Locale } from '@/i18n/locales';
import { allowConsoleErrors } from '@/testing/test-utils';

import { RouteError } from './route-error';

function renderFailingRoute(locale: Locale, failure: () => never) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: <p>never shown</p>,
      loader: failure,
      HydrateFallback: () => null,
      errorElement: (
        <LocaleProvider locale={locale}>
          <RouteError />
        </LocaleProvider>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe('RouteError', () => {
  it('shows the generic error page for an unexpected error', async () => {
    allowConsoleErrors(); // React Router reports the error it caught.

    renderFailingRoute('pl', () => {
      throw new Error('boom');
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Wystąpił błąd' })).toBeInTheDocument();
    expect(screen.getByText('Coś poszło nie tak. Spróbuj ponownie za chwilę.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wróć na stronę główną' })).toHaveAttribute('href', '/');
  });

  it('shows the not-found page for a 404 response', async () => {
    allowConsoleErrors();

    renderFailingRoute('en', () => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's way to signal an HTTP status.
      throw new Response('missing', { status: 404 });
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/en');
  });
});
