// Issue 38 (RODO art. 16): the link sent to a new account e-mail (/confirm-email?token=…) changes the
// address, and says so; a used or unknown link, or an address taken meanwhile, says why not and leads
// back to the account.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useAuthStore } from '@/shared/stores/auth-store';
import { NEW_EMAIL, TAKEN_EMAIL_TOKEN, VALID_EMAIL_TOKEN } from '@/testing/mocks/handlers/accounts';
import { renderApp } from '@/testing/test-utils';

describe('the new e-mail’s link (/confirm-email)', { timeout: 30_000 }, () => {
  it('changes the address, and the logged-in user’s data show it', async () => {
    const { user, router } = renderApp(`/confirm-email?token=${VALID_EMAIL_TOKEN}`, { loggedInAs: 'jan.kowalski@example.com' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Zmiana adresu e-mail' })).toBeInTheDocument();
    expect(await screen.findByText(`Adres e-mail został zmieniony na ${NEW_EMAIL}. Od teraz logujesz się tym adresem.`)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Zmiana adresu e-mail | Nisko Bus'));
    // The session's user is read again: the header and the account page show the new address.
    await waitFor(() => expect(useAuthStore.getState().user?.email).toBe(NEW_EMAIL));

    await user.click(screen.getByRole('link', { name: 'Przejdź do konta' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Twoje konto' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/user');
    expect(await screen.findByLabelText('E-mail')).toHaveValue(NEW_EMAIL);
  });

  it('leads a visitor who is not logged in to the login', async () => {
    renderApp(`/confirm-email?token=${VALID_EMAIL_TOKEN}`);
    expect(await screen.findByText(`Adres e-mail został zmieniony na ${NEW_EMAIL}. Od teraz logujesz się tym adresem.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zaloguj się nowym adresem' })).toHaveAttribute('href', '/login');
  });

  it('says a used, unknown or expired link did not change the address, with the way back to the account', async () => {
    renderApp('/confirm-email?token=uzyty-link', { loggedInAs: 'jan.kowalski@example.com' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Adres e-mail konta nie został zmieniony.');
    expect(alert).toHaveTextContent('Link potwierdzający nowy adres e-mail jest nieprawidłowy, został już użyty albo wygasł.');
    expect(alert).toHaveTextContent('Możesz poprosić o nowy link w swoim koncie.');
    expect(screen.getByRole('link', { name: 'Przejdź do konta' })).toHaveAttribute('href', '/user/user');
    expect(useAuthStore.getState().user?.email).toBe('jan.kowalski@example.com');
  });

  it('says the address was registered by someone else meanwhile', async () => {
    renderApp(`/confirm-email?token=${TAKEN_EMAIL_TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('W międzyczasie ktoś założył konto z tym adresem e-mail. Podaj inny adres.');
  });

  it('asks for the link when the address has none', async () => {
    renderApp('/confirm-email');
    expect(await screen.findByRole('alert')).toHaveTextContent('Otwórz link z wiadomości wysłanej na nowy adres e-mail.');
  });

  it('speaks English under /en', async () => {
    renderApp('/en/confirm-email?token=uzyty-link');
    expect(await screen.findByRole('heading', { level: 1, name: 'Changing the e-mail address' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Your account's e-mail address has not been changed.");
    expect(alert).toHaveTextContent('The link confirming the new e-mail address is invalid, has already been used or has expired.');
    expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/en/user/user');
  });
});
