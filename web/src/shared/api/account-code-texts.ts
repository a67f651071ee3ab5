// The sentences of the accounts' codes (registration, activation, login, passwords;
// docs/web.md, 'The accounts' messages') and of a
// content page that is not there. Only the accounts' and the content pages' screens meet them, so they
// travel in the same chunk as the documented codes' sentences (server-code-texts.ts), loaded beside the
// first page rather than in it (server-messages.ts, `loadCodeTexts`); they win over those general ones.
import { defineMessages } from 'react-intl';

export const accountCodeTexts = defineMessages({
  'account.registration_failed': {
    id: 'server.registrationFailed',
    defaultMessage: 'Rejestracja nie powiodła się.',
    description: 'Server message "Your registration failed."',
  },
  'account.not_activated': {
    id: 'server.notActivated',
    defaultMessage: 'Twoje konto nie zostało aktywowane, spróbuj ponownie.',
    description: 'Server message "Your account was not activated, please try again."',
  },
  'password.not_changed': {
    id: 'server.passwordNotChanged',
    defaultMessage: 'Hasło nie zostało zmienione. Spróbuj ponownie później.',
    description: 'Server message "Password was not changed. Please try again later."',
  },
  'auth.bad_credentials': {
    id: 'server.badCredentials',
    defaultMessage: 'Nieprawidłowy e-mail lub hasło.',
    description: 'Server message "Incorrect e-mail or password." after a failed login',
  },
  'account.email_taken': {
    id: 'server.emailTaken',
    defaultMessage: 'Ten adres e-mail jest już zarejestrowany.',
    description: 'Server message "This e-mail address is already registered."',
  },
  'account.email_read_only': {
    id: 'server.emailReadOnly',
    defaultMessage: 'Adresu e-mail istniejącego konta nie można zmienić.',
    description: 'Server message "The e-mail of an existing account cannot be edited."',
  },
  'password.wrong_old': {
    id: 'server.wrongOldPassword',
    defaultMessage: 'Obecne hasło jest nieprawidłowe.',
    description: 'Server message "The current password is incorrect."',
  },
  'account.not_saved': {
    id: 'server.accountNotSaved',
    defaultMessage: 'Nie zapisano zmian konta.',
    description: 'Server message "Your account was not saved."',
  },
  'password.reset_refused': {
    id: 'server.invalidEmail',
    defaultMessage: 'Podaj poprawny adres e-mail.',
    description: 'Server message "Please enter a valid e-mail address."',
  },
  'auth.too_many_logins': {
    id: 'server.tooManyLogins',
    defaultMessage: 'Zbyt wiele nieudanych prób logowania. Odczekaj 15 minut i spróbuj ponownie.',
    description: 'Server message "Too many failed login attempts. Please wait 15 minutes and try again." (429)',
  },
  'page.not_found': {
    id: 'server.pageNotFound',
    defaultMessage: 'Nie można znaleźć tej strony',
    description: 'Server message "This page could not be found"',
  },
});
