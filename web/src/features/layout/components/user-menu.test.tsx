import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useAuthStore } from '@/shared/stores/auth-store';
import { renderApp } from '@/testing/test-utils';

import { visibleUserMenuEntries } from '../lib/user-menu-entries';

describe('user menu entries', () => {
  it('guests: log in, register and return ticket', () => {
    expect(visibleUserMenuEntries(false).map((e) => e.key)).toEqual(['login', 'register', 'return']);
  });

  it('logged in: account, tickets, stamps and return ticket', () => {
    expect(visibleUserMenuEntries(true).map((e) => e.key)).toEqual(['account', 'tickets', 'stamps', 'return']);
  });

  it('a driver also gets the ticket check', () => {
    expect(visibleUserMenuEntries(true, true).map((e) => e.key)).toEqual(['account', 'tickets', 'stamps', 'return', 'driver']);
    expect(visibleUserMenuEntries(false, true).map((e) => e.key)).toEqual(['login', 'register', 'return']);
  });
});

describe('user dropdown', () => {
  it('is titled "Twoje bilety" for guests and lists the guest entries', async () => {
    const { user } = renderApp('/');
    const button = await screen.findByRole('button', { name: 'Twoje bilety' });

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Zaloguj się',
      'Zarejestruj się',
      'Zwrot biletu',
    ]);
    expect(within(list).queryByRole('button', { name: 'Wyloguj się' })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('shows the first name in brackets and the logged-in entries', async () => {
    const { user } = renderApp('/', { loggedInAs: 'jan.kowalski@example.com' });
    const button = await screen.findByRole('button', { name: 'Twoje bilety (Jan)' });

    await user.click(button);
    const list = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(list).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Twoje konto', '/user/user'],
      ['Twoje bilety', '/user/your-tickets'],
      ['Pieczątki', '/user/stamps'],
      ['Zwrot biletu', '/user/return-ticket'],
    ]);
    expect(within(list).getByRole('button', { name: 'Wyloguj się' })).toBeInTheDocument();
  });

  it('is "Your tickets (Jan)" in English', async () => {
    renderApp('/en', { loggedInAs: 'jan.kowalski@example.com' });
    expect(await screen.findByRole('button', { name: 'Your tickets (Jan)' })).toBeInTheDocument();
  });

  it('closes on a click outside', async () => {
    const { user } = renderApp('/');
    const button = await screen.findByRole('button', { name: 'Twoje bilety' });
    await user.click(button);
    await user.click(screen.getByRole('main'));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('logs out: the server session ends, home with the toast', async () => {
    const { user, router } = renderApp('/user/user', { loggedInAs: 'jan.kowalski@example.com' });
    await screen.findByRole('heading', { level: 1, name: 'Twoje konto' });

    await user.click(screen.getByRole('button', { name: 'Twoje bilety (Jan)' }));
    await user.click(screen.getByRole('button', { name: 'Wyloguj się' }));

    expect(await screen.findByText('Zostałeś poprawnie wylogowany')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(useAuthStore.getState().token).toBeNull();
    expect(screen.getByRole('button', { name: 'Twoje bilety' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('nisko-bus.auth')).toContain('"token":null'));
  });
});
