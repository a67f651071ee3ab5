// Issue 38 (RODO art. 16): a customer corrects the account's e-mail on the account page: the new address
// and the current password; a link goes to the new address, and nothing changes until it is opened.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { useAuthStore } from '@/shared/stores/auth-store';
import { apiUrl } from '@/testing/mocks/api-url';
import { lastEmailChangeToken } from '@/testing/mocks/handlers/accounts';
import { errorBody } from '@/testing/mocks/handlers/responses';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const JAN = 'jan.kowalski@example.com';

afterEach(() => server.events.removeAllListeners());

async function openForm(path = '/user/user') {
  const rendered = renderApp(path, { loggedInAs: JAN });
  const open = await screen.findByRole('button', { name: path.startsWith('/en') ? 'Change e-mail address' : 'Zmień adres e-mail' });
  await rendered.user.click(open);
  return rendered;
}

describe('changing the account e-mail (/user/user)', { timeout: 30_000 }, () => {
  it('shows the e-mail read-only, as the login, with the button beside it', async () => {
    renderApp('/user/user', { loggedInAs: JAN });
    const email = await screen.findByLabelText('E-mail');
    expect(email).toHaveValue(JAN);
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription('Adres e-mail jest loginem konta.');
    expect(screen.getByRole('button', { name: 'Zmień adres e-mail' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Nowy adres e-mail')).not.toBeInTheDocument();
  });

  it('sends the link to the new address and says the address changes when it is opened', async () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/user/user/change-email')) void request.clone().json().then((body: unknown) => bodies.push(body));
    });
    const { user } = await openForm();
    const form = screen.getByRole('form', { name: 'Zmiana adresu e-mail' });
    expect(screen.getByLabelText('Nowy adres e-mail')).toHaveFocus();
    await user.type(screen.getByLabelText('Nowy adres e-mail'), ' jan.nowy@example.com ');
    await user.type(screen.getByLabelText('Obecne hasło'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Wysłaliśmy link na adres jan.nowy@example.com. Adres e-mail konta zmieni się, gdy otworzysz ten link (jest ważny przez 24 godziny). Do tego czasu logujesz się dotychczasowym adresem.',
    );
    expect(form).not.toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'jan.nowy@example.com', password: 'demo1234' }]);
    // Nothing changed yet: the account and the session keep the old address.
    expect(screen.getByLabelText('E-mail')).toHaveValue(JAN);
    expect(useAuthStore.getState().user?.email).toBe(JAN);
    expect(lastEmailChangeToken()).toMatch(/^email-change-/);
    // The button is back, focused, for a second try (only the last link works).
    expect(screen.getByRole('button', { name: 'Zmień adres e-mail' })).toHaveFocus();
  });

  it('checks the fields before sending: an e-mail, not the current one, and the password', async () => {
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));
    expect(screen.getByLabelText('Nowy adres e-mail')).toHaveAccessibleDescription('Podaj adres e-mail.');
    expect(screen.getByLabelText('Obecne hasło')).toHaveAccessibleDescription('Podaj obecne hasło.');
    expect(screen.getByLabelText('Nowy adres e-mail')).toHaveFocus();

    await user.type(screen.getByLabelText('Nowy adres e-mail'), 'jan@');
    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));
    expect(screen.getByLabelText('Nowy adres e-mail')).toHaveAccessibleDescription(/Podaj poprawny adres e-mail/);

    await user.clear(screen.getByLabelText('Nowy adres e-mail'));
    await user.type(screen.getByLabelText('Nowy adres e-mail'), 'Jan.Kowalski@example.com');
    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));
    expect(screen.getByLabelText('Nowy adres e-mail')).toHaveAccessibleDescription('To jest już adres e-mail Twojego konta. Podaj nowy adres.');
  });

  it('says a wrong password under the password, and sends nothing', async () => {
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Nowy adres e-mail'), 'jan.nowy@example.com');
    await user.type(screen.getByLabelText('Obecne hasło'), 'nie-to-haslo');
    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));
    await waitFor(() => expect(screen.getByLabelText('Obecne hasło')).toHaveAccessibleDescription('Obecne hasło jest nieprawidłowe.'));
    expect(screen.getByLabelText('Obecne hasło')).toHaveFocus();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(lastEmailChangeToken()).not.toMatch(/^email-change-/);
  });

  it('says an address registered already under the new address', async () => {
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Nowy adres e-mail'), 'admin@example.com');
    await user.type(screen.getByLabelText('Obecne hasło'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));
    await waitFor(() => expect(screen.getByLabelText('Nowy adres e-mail')).toHaveAccessibleDescription('Ten adres e-mail jest już zarejestrowany.'));
  });

  it('says the same address refused by the server in the form’s words', async () => {
    server.use(
      http.post(apiUrl('/user/user/change-email'), () =>
        HttpResponse.json(
          errorBody(422, "This is the account's e-mail address already.", [
            { field: 'email', message: "This is the account's e-mail address already.", code: 'field.invalid' },
          ]),
          { status: 422 },
        ),
      ),
    );
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Nowy adres e-mail'), 'jan.k@example.com');
    await user.type(screen.getByLabelText('Obecne hasło'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));
    await waitFor(() => expect(screen.getByLabelText('Nowy adres e-mail')).toHaveAccessibleDescription('To jest już adres e-mail Twojego konta. Podaj nowy adres.'));
  });

  it('says too many wrong passwords, and an e-mail that could not be sent, above the button', async () => {
    let status = 429;
    server.use(
      http.post(apiUrl('/user/user/change-email'), () =>
        status === 429
          ? HttpResponse.json(errorBody(429, 'Too many failed login attempts. Please wait 15 minutes and try again.', undefined, 'auth.too_many_logins'), { status })
          : HttpResponse.json(errorBody(503, 'the service is temporarily unavailable'), { status }),
      ),
    );
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Nowy adres e-mail'), 'jan.nowy@example.com');
    await user.type(screen.getByLabelText('Obecne hasło'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Zbyt wiele prób z nieprawidłowym hasłem. Odczekaj 15 minut i spróbuj ponownie.');

    status = 503;
    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Nie udało się wysłać wiadomości na nowy adres, więc nic się nie zmieniło. Spróbuj ponownie za chwilę.'),
    );
  });

  it('closes with Cancel, the focus back on its button', async () => {
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Anuluj' }));
    expect(screen.queryByLabelText('Nowy adres e-mail')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zmień adres e-mail' })).toHaveFocus();
  });

  it('speaks English under /en, the errors too', async () => {
    const { user } = await openForm('/en/user/user');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription("The e-mail address is the account's login.");
    await user.type(screen.getByLabelText('New e-mail address'), 'admin@example.com');
    await user.type(screen.getByLabelText('Current password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('The current password is incorrect.'));

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    await waitFor(() => expect(screen.getByLabelText('New e-mail address')).toHaveAccessibleDescription('This e-mail address is already registered.'));

    await user.clear(screen.getByLabelText('New e-mail address'));
    await user.type(screen.getByLabelText('New e-mail address'), 'jan.new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      "We sent a link to jan.new@example.com. Your account's e-mail address changes when you open it (the link is valid for 24 hours).",
    );
  });
});
