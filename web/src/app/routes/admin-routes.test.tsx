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

  it('tells a user there is no access, as every admin page does, and lets them log in with another account', async () => {
    const { router, user } = renderApp('/admin', { loggedInAs: 'jan.kowalski@example.com' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Brak dostępu do panelu administracyjnego' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.getByRole('link', { name: 'Strona główna' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się na inne konto' }));
    // The session ends; the login page keeps the way back to the panel.
    expect(await screen.findByRole('heading', { level: 1, name: 'Logowanie' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fadmin');
  });

  it('says it in English under /en', async () => {
    renderApp('/en/admin/order/order', { loggedInAs: 'jan.kowalski@example.com' });

    expect(await screen.findByRole('heading', { level: 1, name: 'No access to the admin panel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in with another account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/en');
  });

  it('sends a guest to the login page of their language, with the way back', async () => {
    const { router } = renderApp('/en/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/login');
    expect(router.state.location.search).toBe('?redirect=%2Fen%2Fadmin');
  });

  it('brings a guest who logs in as an admin back to the page asked for', async () => {
    const { router, user } = renderApp('/admin/order/order');

    expect(await screen.findByRole('heading', { level: 1, name: 'Logowanie' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirect=%2Fadmin%2Forder%2Forder');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'admin@example.com');
    await user.type(screen.getByLabelText('Hasło'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/order/order'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Zamówienia' })).toBeInTheDocument();
  });
});
