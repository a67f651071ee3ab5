import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/test-utils';

describe('404 page', () => {
  it('renders in Polish for an unknown nested path', async () => {
    renderApp('/no-such-page/deeper');

    expect(await screen.findByRole('heading', { level: 1, name: 'Nie znaleziono strony' })).toBeInTheDocument();
    expect(screen.getByText('Nie można znaleźć tej strony')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Nie znaleziono strony | Nisko Bus'));
    // The layout stays around the error.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('renders in English under /en', async () => {
    renderApp('/en/no-such-page/deeper');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('This page could not be found')).toBeInTheDocument();
    // <html lang> is set in an effect, after the first render.
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'en'));
  });

  it('leads back to the home page of the same language', async () => {
    const { user, router } = renderApp('/en/missing');

    await user.click(await screen.findByRole('link', { name: 'Back to the home page' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Search connections' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en');
  });
});
