import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useAuthStore } from '@/shared/stores/auth-store';
import { renderApp } from '@/testing/test-utils';

describe('personal data on the account page (RODO)', () => {
  it('shows everything held, readable, from the account page', async () => {
    const { user, router } = renderApp('/user/user', { loggedInAs: 'jan.kowalski@example.com' });
    await user.click(await screen.findByRole('link', { name: 'Zobacz moje dane' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Moje dane' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/my-data');
    expect(await screen.findByText('jan.kowalski@example.com')).toBeInTheDocument();
    expect(screen.getByText('Jan Kowalski')).toBeInTheDocument();
  });

  it('deletes the account only with the right password and the box ticked, then says what is kept', async () => {
    const { user, router } = renderApp('/user/user', { loggedInAs: 'jan.kowalski@example.com' });
    const submit = await screen.findByRole('button', { name: 'Usuń konto na zawsze' });
    expect(submit).toBeDisabled();
    expect(screen.getByText(/dane do faktur \(przez 5 lat od końca roku podatkowego/)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Rozumiem, że konta nie da się przywrócić.' }));
    await user.click(submit);
    expect(screen.getByLabelText('Hasło')).toHaveAccessibleDescription('Podaj obecne hasło.');

    await user.type(screen.getByLabelText('Hasło'), 'zle-haslo');
    await user.click(submit);
    await waitFor(() => expect(screen.getByLabelText('Hasło')).toHaveAccessibleDescription('Obecne hasło jest nieprawidłowe.'));
    expect(useAuthStore.getState().token).not.toBeNull();

    await user.clear(screen.getByLabelText('Hasło'));
    await user.type(screen.getByLabelText('Hasło'), 'demo1234');
    await user.click(submit);
    expect(await screen.findByRole('heading', { level: 1, name: 'Twoje konto zostało usunięte.' })).toBeInTheDocument();
    expect(screen.getByText('Nie przechowujemy już żadnych Twoich danych osobowych.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account-deleted');
    expect(useAuthStore.getState().token).toBeNull();
  });
});
