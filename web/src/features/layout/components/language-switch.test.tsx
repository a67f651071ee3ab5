import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/test-utils';

describe('language switch', () => {
  it('switches the home page from Polish to English and back', async () => {
    const { user, router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Wyszukaj połączenie' });

    const languages = screen.getByRole('navigation', { name: 'Wybór języka' });
    expect(within(languages).getByRole('link', { name: 'PL' })).toHaveAttribute('aria-current', 'true');

    await user.click(within(languages).getByRole('link', { name: 'EN' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Search connections' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en');
    // <html lang> is set in an effect, after the first render.
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'en'));

    await user.click(within(screen.getByRole('navigation', { name: 'Language' })).getByRole('link', { name: 'PL' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Wyszukaj połączenie' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps the current page, query and hash', async () => {
    renderApp('/en/some/page?from=1#top');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });

    const languages = screen.getByRole('navigation', { name: 'Language' });
    expect(within(languages).getByRole('link', { name: 'PL' })).toHaveAttribute('href', '/some/page?from=1#top');
    expect(within(languages).getByRole('link', { name: 'EN' })).toHaveAttribute('href', '/en/some/page?from=1#top');
  });
});
