// The sentences of the accounts' codes (registration, activation, login, passwords; docs/web.md, 'The
// accounts' messages') and of a content page that is not there. Which code takes which is the one table
// of codes, server-code-texts.ts.
import { defineMessages } from 'react-intl';

export const accountTexts = defineMessages({
  accountRegistrationFailed: {
    id: 'server.registrationFailed',
    defaultMessage: 'Rejestracja nie powiodła się.',
    description: 'Server message "Your registration failed."',
  },
  accountNotActivated: {
    id: 'server.notActivated',
    defaultMessage: 'Twoje konto nie zostało aktywowane, spróbuj ponownie.',
    description: 'Server message "Your account was not activated, please try again."',
  },
  passwordNotChanged: {
    id: 'server.passwordNotChanged',
    defaultMessage: 'Hasło nie zostało zmienione. Spróbuj ponownie później.',
    description: 'Server message "Password was not changed. Please try again later."',
  },
  authBadCredentials: {
    id: 'server.badCredentials',
    defaultMessage: 'Nieprawidłowy e-mail lub hasło.',
    description: 'Server message "Incorrect e-mail or password." after a failed login',
  },
  accountEmailTaken: {
    id: 'server.emailTaken',
    defaultMessage: 'Ten adres e-mail jest już zarejestrowany.',
    description: 'Server message "This e-mail address is already registered."',
  },
  accountEmailReadOnly: {
    id: 'server.emailReadOnly',
    defaultMessage: 'Adresu e-mail istniejącego konta nie można zmienić.',
    description: 'Server message "The e-mail of an existing account cannot be edited."',
  },
  passwordWrongOld: {
    id: 'server.wrongOldPassword',
    defaultMessage: 'Obecne hasło jest nieprawidłowe.',
    description: 'Server message "The current password is incorrect."',
  },
  accountNotSaved: {
    id: 'server.accountNotSaved',
    defaultMessage: 'Nie zapisano zmian konta.',
    description: 'Server message "Your account was not saved."',
  },
  passwordResetRefused: {
    id: 'server.invalidEmail',
    defaultMessage: 'Podaj poprawny adres e-mail.',
    description: 'Server message "Please enter a valid e-mail address."',
  },
  authTooManyLogins: {
    id: 'server.tooManyLogins',
    defaultMessage: 'Zbyt wiele nieudanych prób logowania. Odczekaj 15 minut i spróbuj ponownie.',
    description: 'Server message "Too many failed login attempts. Please wait 15 minutes and try again." (429)',
  },
  emailSame: {
    id: 'server.emailSame',
    defaultMessage: 'To jest już adres e-mail Twojego konta. Podaj nowy adres.',
    description: 'Changing the account e-mail: the new address is the current one (field.invalid on email)',
  },
  emailTooManyPasswords: {
    id: 'server.emailTooManyPasswords',
    defaultMessage: 'Zbyt wiele prób z nieprawidłowym hasłem. Odczekaj 15 minut i spróbuj ponownie.',
    description: 'Changing the account e-mail: too many wrong passwords (auth.too_many_logins, 429)',
  },
  emailNotSent: {
    id: 'server.emailNotSent',
    defaultMessage: 'Nie udało się wysłać wiadomości na nowy adres, więc nic się nie zmieniło. Spróbuj ponownie za chwilę.',
    description: 'Changing the account e-mail: the message with the link could not be sent (unavailable, 503)',
  },
  pageNotFound: {
    id: 'server.pageNotFound',
    defaultMessage: 'Nie można znaleźć tej strony',
    description: 'Server message "This page could not be found"',
  },
});
