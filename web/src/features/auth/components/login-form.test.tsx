import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useAuthStore } from '@/shared/stores/auth-store';
import { renderApp } from '@/testing/test-utils';

describe('login page', () => {
  it('has its title and explains empty fields, focusing the first one', async () => {
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Logowanie' });
    await waitFor(() => expect(document.title).toBe('Logowanie | Nisko Bus'));

    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));

    const email = screen.getByRole('textbox', { name: 'E-mail' });
    expect(email).toHaveAccessibleDescription('Podaj adres e-mail.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.getByLabelText('Hasło')).toHaveAccessibleDescription('Podaj hasło.');
  });

  it('logs in, stores the token and the user, and goes home', async () => {
    const { user, router } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Logowanie' });

    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'jan.kowalski@example.com');
    await user.type(screen.getByLabelText('Hasło'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useAuthStore.getState().token).toMatch(/^mock-token-/);
    expect(useAuthStore.getState().user).toMatchObject({ first_name: 'Jan', role: 'User' });
    expect(await screen.findByRole('button', { name: 'Twoje bilety (Jan)' })).toBeInTheDocument();
  });

  it('goes back to the return path after logging in', async () => {
    const { user, router } = renderApp('/login?redirect=%2Fuser%2Fuser');
    await screen.findByRole('heading', { level: 1, name: 'Logowanie' });

    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'jan.kowalski@example.com');
    await user.type(screen.getByLabelText('Hasło'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Twoje konto' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/user');
  });

  it('takes an admin to the panel, in their language, unless a return path was given', async () => {
    const polish = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Logowanie' });
    await polish.user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'admin@example.com');
    await polish.user.type(screen.getByLabelText('Hasło'), 'demo1234');
    await polish.user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    await waitFor(() => expect(polish.router.state.location.pathname).toBe('/admin'));
    polish.unmount();

    useAuthStore.getState().clear();
    const english = renderApp('/en/login');
    await screen.findByRole('heading', { level: 1 });
    await english.user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'admin@example.com');
    await english.user.type(screen.getByLabelText('Password'), 'demo1234');
    await english.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(english.router.state.location.pathname).toBe('/en/admin'));
    english.unmount();

    useAuthStore.getState().clear();
    const back = renderApp('/login?redirect=%2Fuser%2Fuser');
    await screen.findByRole('heading', { level: 1, name: 'Logowanie' });
    await back.user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'admin@example.com');
    await back.user.type(screen.getByLabelText('Hasło'), 'demo1234');
    await back.user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    await waitFor(() => expect(back.router.state.location.pathname).toBe('/user/user'));
  });

  it('ignores a return path to another site', async () => {
    const { user, router } = renderApp('/login?redirect=%2F%2Fevil.example');
    await screen.findByRole('heading', { level: 1, name: 'Logowanie' });

    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'jan.kowalski@example.com');
    await user.type(screen.getByLabelText('Hasło'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the server’s refusal under the password and as a toast', async () => {
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Logowanie' });

    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'jan.kowalski@example.com');
    await user.type(screen.getByLabelText('Hasło'), 'zlehaslo1');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));

    await waitFor(() => expect(screen.getByLabelText('Hasło')).toHaveAccessibleDescription('Nieprawidłowy e-mail lub hasło.'));
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Nieprawidłowy e-mail lub hasło.')).toBeInTheDocument();
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('tells an account that is not activated, in English too', async () => {
    const { user } = renderApp('/en/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });

    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'nieaktywny@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
        'Your account was not activated, please try again.',
      ),
    );
  });

  it('sends a logged-in user on instead of showing the form', async () => {
    const { router } = renderApp('/login', { loggedInAs: 'jan.kowalski@example.com' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
