import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/test-utils';

async function fill(user: ReturnType<typeof renderApp>['user'], values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
}

describe('registration page', () => {
  it('explains every invalid field before sending anything', async () => {
    const { user } = renderApp('/register');
    await screen.findByRole('heading', { level: 1, name: 'Rejestracja' });
    await waitFor(() => expect(document.title).toBe('Rejestracja | Nisko Bus'));

    await fill(user, { 'E-mail': 'jan@', Hasło: '1234', 'Powtórz hasło': '4321', 'Telefon (opcjonalnie)': 'abc' });
    await user.click(screen.getByRole('button', { name: 'Załóż konto' }));

    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Podaj poprawny adres e-mail, np. jan.kowalski@example.com.');
    expect(screen.getByLabelText('Hasło')).toHaveAccessibleDescription('Co najmniej 8 znaków. Hasło musi mieć co najmniej 8 znaków.');
    expect(screen.getByLabelText('Powtórz hasło')).toHaveAccessibleDescription('Hasła nie są takie same.');
    expect(screen.getByLabelText('Imię')).toHaveAccessibleDescription('Podaj imię.');
    expect(screen.getByLabelText('Nazwisko')).toHaveAccessibleDescription('Podaj nazwisko.');
    expect(screen.getByLabelText('Telefon (opcjonalnie)')).toHaveAccessibleDescription(
      'Podaj poprawny numer telefonu: od 9 do 15 cyfr (mogą być spacje i znaki + - ( )).',
    );
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveFocus());
  });

  it('clears a field’s error once it is edited', async () => {
    const { user } = renderApp('/register');
    await screen.findByRole('heading', { level: 1, name: 'Rejestracja' });
    await user.click(screen.getByRole('button', { name: 'Załóż konto' }));
    expect(screen.getByLabelText('Imię')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Imię'), 'J');
    expect(screen.getByLabelText('Imię')).not.toHaveAttribute('aria-invalid');
  });

  it('registers and tells the person to check their e-mail', async () => {
    const { user } = renderApp('/register');
    await screen.findByRole('heading', { level: 1, name: 'Rejestracja' });

    await fill(user, {
      'E-mail': 'ola.nowak@example.com',
      Hasło: 'bezpieczne1',
      'Powtórz hasło': 'bezpieczne1',
      Imię: 'Ola',
      Nazwisko: 'Nowak',
    });
    await user.click(screen.getByRole('button', { name: 'Załóż konto' }));

    expect(await screen.findByText(/Wysłaliśmy e-mail z linkiem aktywacyjnym na adres ola.nowak@example.com/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Przejdź do logowania' })).toHaveAttribute('href', '/login');
  });

  it('shows the server’s answer for an address already registered', async () => {
    const { user } = renderApp('/register');
    await screen.findByRole('heading', { level: 1, name: 'Rejestracja' });

    await fill(user, {
      'E-mail': 'jan.kowalski@example.com',
      Hasło: 'bezpieczne1',
      'Powtórz hasło': 'bezpieczne1',
      Imię: 'Jan',
      Nazwisko: 'Kowalski',
    });
    await user.click(screen.getByRole('button', { name: 'Załóż konto' }));

    await waitFor(() =>
      expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Ten adres e-mail jest już zarejestrowany.'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Rejestracja nie powiodła się.');
  });

  it('validates in English under /en', async () => {
    const { user } = renderApp('/en/register');
    await screen.findByRole('heading', { level: 1, name: 'Register' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Enter your e-mail address.');
  });
});
