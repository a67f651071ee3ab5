// The backend answers in English (spec §8 quotes its messages that way). The ones a person meets
// in normal use are translated here, so the Polish site stays Polish; anything else is shown as sent.
import { defineMessages, type MessageDescriptor } from 'react-intl';

const messages = defineMessages({
  registrationFailed: {
    id: 'server.registrationFailed',
    defaultMessage: 'Rejestracja nie powiodła się.',
    description: 'Server message "Your registration failed." (spec §8)',
  },
  notActivated: {
    id: 'server.notActivated',
    defaultMessage: 'Twoje konto nie zostało aktywowane, spróbuj ponownie.',
    description: 'Server message "Your account was not activated, please try again." (spec §8)',
  },
  passwordNotChanged: {
    id: 'server.passwordNotChanged',
    defaultMessage: 'Hasło nie zostało zmienione. Spróbuj ponownie później.',
    description: 'Server message "Password was not changed. Please try again later." (spec §8)',
  },
  badCredentials: {
    id: 'server.badCredentials',
    defaultMessage: 'Nieprawidłowy e-mail lub hasło.',
    description: 'Server message "Incorrect e-mail or password." after a failed login',
  },
  emailTaken: {
    id: 'server.emailTaken',
    defaultMessage: 'Ten adres e-mail jest już zarejestrowany.',
    description: 'Server message "This e-mail address is already registered."',
  },
  emailReadOnly: {
    id: 'server.emailReadOnly',
    defaultMessage: 'Adresu e-mail istniejącego konta nie można zmienić.',
    description: 'Server message "The e-mail of an existing account cannot be edited." (spec §5)',
  },
  wrongOldPassword: {
    id: 'server.wrongOldPassword',
    defaultMessage: 'Obecne hasło jest nieprawidłowe.',
    description: 'Server message "The current password is incorrect."',
  },
  accountNotSaved: {
    id: 'server.accountNotSaved',
    defaultMessage: 'Nie zapisano zmian konta.',
    description: 'Server message "Your account was not saved."',
  },
  invalidEmail: {
    id: 'server.invalidEmail',
    defaultMessage: 'Podaj poprawny adres e-mail.',
    description: 'Server message "Please enter a valid e-mail address."',
  },
  pageNotFound: {
    id: 'server.pageNotFound',
    defaultMessage: 'Nie można znaleźć tej strony',
    description: 'Server message "This page could not be found"',
  },
  unprocessable: {
    id: 'server.name.unprocessable',
    defaultMessage: 'Niepoprawne dane',
    description: 'Server error name "Unprocessable Entity" (HTTP 422), shown as a toast title',
  },
  notFound: {
    id: 'server.name.notFound',
    defaultMessage: 'Nie znaleziono',
    description: 'Server error name "Not Found" (HTTP 404), shown as a toast title',
  },
  tooManyRequests: {
    id: 'server.name.tooManyRequests',
    defaultMessage: 'Zbyt wiele prób',
    description: 'Server error name "Too Many Requests" (HTTP 429), shown as a toast title',
  },
});

const KNOWN: Record<string, MessageDescriptor> = {
  'Your registration failed.': messages.registrationFailed,
  'Your account was not activated, please try again.': messages.notActivated,
  'Password was not changed. Please try again later.': messages.passwordNotChanged,
  'Incorrect e-mail or password.': messages.badCredentials,
  'This e-mail address is already registered.': messages.emailTaken,
  'The e-mail of an existing account cannot be edited.': messages.emailReadOnly,
  'The current password is incorrect.': messages.wrongOldPassword,
  'Your account was not saved.': messages.accountNotSaved,
  'Please enter a valid e-mail address.': messages.invalidEmail,
  'This page could not be found': messages.pageNotFound,
  'Unprocessable Entity': messages.unprocessable,
  'Unprocessable entity': messages.unprocessable,
  'Not Found': messages.notFound,
  'Too Many Requests': messages.tooManyRequests,
};

/** A server text as something to show: its translation when we know it, else the text itself. */
export function serverText(text: string): string | MessageDescriptor {
  return KNOWN[text.trim()] ?? text;
}
