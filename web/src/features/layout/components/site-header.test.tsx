import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/test-utils';

async function mainMenu() {
  const nav = await screen.findByRole('navigation', { name: 'Menu główne' });
  await within(nav).findByRole('link', { name: 'Strona główna' });
  return nav;
}

describe('desktop menu', () => {
  it('shows the top menu: in-app links, an external link in a new tab', async () => {
    renderApp('/');
    const nav = await mainMenu();

    expect(within(nav).getByRole('link', { name: 'Strona główna' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Strona główna' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Nisko – Kraków' })).toHaveAttribute('href', '/nisko-krakow');
    const external = within(nav).getByRole('link', { name: /Przewoźnik/ });
    expect(external).toHaveAttribute('href', 'https://niskobus.example');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(external).toHaveAccessibleName('Przewoźnik (otwiera się w nowej karcie)');
  });

  it('opens a sub-menu on hover and closes it when the pointer leaves', async () => {
    const { user } = renderApp('/');
    const nav = await mainMenu();
    const toggle = within(nav).getByRole('button', { name: 'Podmenu: Informacje' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Regulamin' })).not.toBeInTheDocument();

    await user.hover(within(nav).getByRole('link', { name: 'Informacje' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Regulamin' })).toHaveAttribute('href', '/regulamin');
    expect(within(nav).getByRole('link', { name: 'Zwrot biletu' })).toHaveAttribute('href', '/user/return-ticket');

    await user.unhover(within(nav).getByRole('link', { name: 'Informacje' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a sub-menu on keyboard focus, and Escape closes it', async () => {
    const { user } = renderApp('/');
    const nav = await mainMenu();
    const parent = within(nav).getByRole('link', { name: 'Informacje' });

    act(() => parent.focus());
    const toggle = within(nav).getByRole('button', { name: 'Podmenu: Informacje' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.tab();
    expect(within(nav).getByRole('link', { name: 'Regulamin' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('localises in-app links under /en', async () => {
    renderApp('/en');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByRole('link', { name: 'Nisko – Kraków' })).toHaveAttribute('href', '/en/nisko-krakow');
  });

  it('shows the admin panel link to a SuperAdmin only', async () => {
    renderApp('/', { loggedInAs: 'admin@example.com' });
    const nav = await mainMenu();
    expect(within(nav).getByRole('link', { name: 'Panel administracyjny' })).toHaveAttribute('href', '/admin');
  });

  it('hides the admin panel link from users and guests', async () => {
    renderApp('/', { loggedInAs: 'jan.kowalski@example.com' });
    const nav = await mainMenu();
    expect(within(nav).queryByRole('link', { name: 'Panel administracyjny' })).not.toBeInTheDocument();
  });
});

describe('mobile menu', () => {
  it('opens with a button; sub-items toggle; an entry closes it', async () => {
    const { user, router } = renderApp('/');
    await mainMenu();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    const panel = screen.getByRole('navigation', { name: 'Menu mobilne' });
    const toggle = within(panel).getByRole('button', { name: 'Podmenu: Informacje' });
    expect(within(panel).queryByRole('link', { name: 'Regulamin' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByRole('link', { name: 'Regulamin' })).toBeVisible();
    await user.click(toggle);
    expect(within(panel).queryByRole('link', { name: 'Regulamin' })).not.toBeInTheDocument();

    // Guests' entries are there too.
    expect(within(panel).getByRole('link', { name: 'Zaloguj się' })).toHaveAttribute('href', '/login');
    expect(within(panel).queryByRole('button', { name: 'Wyloguj się' })).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('link', { name: 'Zaloguj się' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Logowanie' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu mobilne' })).not.toBeInTheDocument();
  });

  it('lists the logged-in entries, logout and (for admins) the admin link', async () => {
    const { user } = renderApp('/', { loggedInAs: 'admin@example.com' });
    await mainMenu();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const panel = screen.getByRole('navigation', { name: 'Menu mobilne' });

    expect(within(panel).getByText('Twoje bilety (Anna)')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Twoje konto' })).toHaveAttribute('href', '/user/user');
    expect(within(panel).getByRole('link', { name: 'Panel administracyjny' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Wyloguj się' })).toBeInTheDocument();
  });
});
