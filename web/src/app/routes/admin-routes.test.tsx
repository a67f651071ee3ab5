import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/test-utils';

describe('/admin without a sub-path', () => {
  it('opens the panel\'s home page for a SuperAdmin', async () => {
    const { router } = renderApp('/admin', { loggedInAs: 'admin@example.com' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Pulpit' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.getByRole('navigation', { name: 'Nawigacja panelu' })).toBeInTheDocument();
  });

  it('keeps the language: /en/admin is the home page in English', async () => {
    const { router } = renderApp('/en/admin', { loggedInAs: 'admin@example.com' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/admin');
  });

  it('sends a user home, as every admin page does', async () => {
    const { router } = renderApp('/admin', { loggedInAs: 'jan.kowalski@example.com' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Wyszukaj połączenie' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends a guest home, in their language', async () => {
    const { router } = renderApp('/en/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Search connections' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
  });
});
