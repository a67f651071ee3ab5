import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useAuthStore } from '@/shared/stores/auth-store';
import { VALID_ACTIVATION_TOKEN, VALID_RESET_TOKEN } from '@/testing/mocks/handlers/accounts';
import { renderApp } from '@/testing/test-utils';

describe('account page (/user/user)', () => {
  it('shows the e-mail read-only and saves names and phone', async () => {
    const { user } = renderApp('/user/user', { loggedInAs: 'jan.kowalski@example.com' });
    await screen.findByRole('heading', { level: 1, name: 'Twoje konto' });
    await waitFor(() => expect(document.title).toBe('Twoje konto | Nisko Bus'));

    const email = await screen.findByLabelText('E-mail');
    expect(email).toHaveValue('jan.kowalski@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription('Adres e-mail jest loginem konta.');
    expect(screen.getByLabelText('Telefon (opcjonalnie)')).toHaveValue('+48 600 100 200');

    await user.clear(screen.getByLabelText('Imię'));
    await user.type(screen.getByLabelText('Imię'), 'Janusz');
    await user.click(screen.getByRole('button', { name: 'Zapisz zmiany' }));

    expect(await screen.findByText('Zapisano zmiany w koncie.')).toBeInTheDocument();
    // The header follows the new first name.
    expect(screen.getByRole('button', { name: 'Twoje bilety (Janusz)' })).toBeInTheDocument();
    expect(useAuthStore.getState().user?.first_name).toBe('Janusz');
  });

  it('validates before saving', async () => {
    const { user } = renderApp('/user/user', { loggedInAs: 'jan.kowalski@example.com' });
    await user.clear(await screen.findByLabelText('Nazwisko'));
    await user.click(screen.getByRole('button', { name: 'Zapisz zmiany' }));
    expect(screen.getByLabelText('Nazwisko')).toHaveAccessibleDescription('Podaj nazwisko.');
  });
});

describe('guards', () => {
  it('sends guests from /user/* to /login with a return path', async () => {
    const { router } = renderApp('/user/user');
    await screen.findByRole('heading', { level: 1, name: 'Logowanie' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fuser%2Fuser');
  });

  it('keeps the language: /en/user/user goes to /en/login', async () => {
    const { router } = renderApp('/en/user/user');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(router.state.location.pathname).toBe('/en/login');
    expect(router.state.location.search).toBe('?redirect=%2Fen%2Fuser%2Fuser');
  });

  it('lets a SuperAdmin into the admin panel', async () => {
    renderApp('/admin/route/route', { loggedInAs: 'admin@example.com' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Trasy' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Trasy – Panel administracyjny | Nisko Bus'));
  });

  it('tells a user the admin panel is not for this account, at its address, not the shop', async () => {
    const { router } = renderApp('/admin/route/route', { loggedInAs: 'jan.kowalski@example.com' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Brak dostępu do panelu administracyjnego' })).toBeInTheDocument();
    expect(screen.getByText(/Jesteś zalogowany jako jan\.kowalski@example\.com/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/route/route');
    expect(screen.queryByRole('heading', { name: 'Wyszukaj połączenie' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Nawigacja panelu' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Brak dostępu do panelu administracyjnego | Nisko Bus'));
  });

  it('sends a guest from the English admin panel to /en/login with a return path', async () => {
    const { router } = renderApp('/en/admin/route/route?page=2');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(router.state.location.pathname).toBe('/en/login');
    expect(router.state.location.search).toBe('?redirect=%2Fen%2Fadmin%2Froute%2Froute%3Fpage%3D2');
  });

  it('drops a session the server no longer knows', async () => {
    useAuthStore.getState().setSession({
      token: 'revoked-token',
      user: { id: 'x', email: 'jan.kowalski@example.com', first_name: 'Jan', last_name: 'Kowalski', role: 'User' },
    });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Twoje bilety' })).toBeInTheDocument();
    expect(useAuthStore.getState().token).toBeNull();
  });
});

describe('forgot password', () => {
  it('validates the e-mail, then says a link was sent', async () => {
    const { user } = renderApp('/forgot');
    await screen.findByRole('heading', { level: 1, name: 'Nie pamiętasz hasła?' });

    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Podaj adres e-mail.');

    await user.type(screen.getByLabelText('E-mail'), 'jan.kowalski@example.com');
    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));
    expect(await screen.findByText(/wysłaliśmy na nie link do zmiany hasła/)).toBeInTheDocument();
  });
});

describe('account activation (/confirm)', () => {
  it('activates with the e-mailed token', async () => {
    renderApp(`/confirm?token=${VALID_ACTIVATION_TOKEN}`);
    expect(await screen.findByText('Twoje konto zostało aktywowane. Możesz się zalogować.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zaloguj się' })).toHaveAttribute('href', '/login');
  });

  it('says the account was not activated for a wrong or missing token', async () => {
    renderApp('/en/confirm?token=used-up');
    expect(await screen.findByText('Your account was not activated, please try again.')).toBeInTheDocument();
  });
});

describe('change password', () => {
  it('sets a new password with the e-mailed token', async () => {
    const { user } = renderApp(`/change-password?token=${VALID_RESET_TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'Zmiana hasła' });
    expect(screen.queryByLabelText('Obecne hasło')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Nowe hasło'), 'nowehaslo1');
    await user.type(screen.getByLabelText('Powtórz hasło'), 'nowehaslo1');
    await user.click(screen.getByRole('button', { name: 'Zmień hasło' }));

    expect(await screen.findByText('Hasło zostało zmienione.')).toBeInTheDocument();
  });

  it('explains a refused link (the server’s message in the toast)', async () => {
    const { user } = renderApp('/change-password?token=expired');
    await screen.findByRole('heading', { level: 1, name: 'Zmiana hasła' });
    await user.type(screen.getByLabelText('Nowe hasło'), 'nowehaslo1');
    await user.type(screen.getByLabelText('Powtórz hasło'), 'nowehaslo1');
    await user.click(screen.getByRole('button', { name: 'Zmień hasło' }));

    expect(await screen.findByText('Link do zmiany hasła jest nieprawidłowy lub wygasł.')).toBeInTheDocument();
    expect(await screen.findByText('Hasło nie zostało zmienione. Spróbuj ponownie później.')).toBeInTheDocument();
  });

  it('asks a logged-in user for the current password', async () => {
    const { user } = renderApp('/change-password', { loggedInAs: 'jan.kowalski@example.com' });
    await screen.findByRole('heading', { level: 1, name: 'Zmiana hasła' });

    await user.type(screen.getByLabelText('Obecne hasło'), 'zlehaslo1');
    await user.type(screen.getByLabelText('Nowe hasło'), 'nowehaslo1');
    await user.type(screen.getByLabelText('Powtórz hasło'), 'nowehaslo1');
    await user.click(screen.getByRole('button', { name: 'Zmień hasło' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Obecne hasło')).toHaveAccessibleDescription('Obecne hasło jest nieprawidłowe.'),
    );
  });

  it('points a guest without a link to the forgot page', async () => {
    renderApp('/change-password');
    expect(await screen.findByRole('link', { name: 'Wyślij link do zmiany hasła' })).toHaveAttribute('href', '/forgot');
  });
});
