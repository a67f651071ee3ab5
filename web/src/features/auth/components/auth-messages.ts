import { defineMessages } from 'react-intl';

/** Labels shared by the account forms. */
export const fieldMessages = defineMessages({
  email: { id: 'auth.field.email', defaultMessage: 'E-mail', description: 'Label of the e-mail field' },
  password: { id: 'auth.field.password', defaultMessage: 'Hasło', description: 'Label of the password field' },
  newPassword: {
    id: 'auth.field.newPassword',
    defaultMessage: 'Nowe hasło',
    description: 'Label of the new password field',
  },
  passwordHint: {
    id: 'auth.field.passwordHint',
    defaultMessage: 'Co najmniej 8 znaków.',
    description: 'Hint under a new password field',
  },
  passwordRepeat: {
    id: 'auth.field.passwordRepeat',
    defaultMessage: 'Powtórz hasło',
    description: 'Label of the password confirmation field',
  },
  oldPassword: {
    id: 'auth.field.oldPassword',
    defaultMessage: 'Obecne hasło',
    description: 'Label of the current password field',
  },
  firstName: { id: 'auth.field.firstName', defaultMessage: 'Imię', description: 'Label of the first name field' },
  lastName: { id: 'auth.field.lastName', defaultMessage: 'Nazwisko', description: 'Label of the last name field' },
  phone: {
    id: 'auth.field.phone',
    defaultMessage: 'Telefon (opcjonalnie)',
    description: 'Label of the optional phone field',
  },
  requiredNote: {
    id: 'auth.field.requiredNote',
    defaultMessage: 'Pola oznaczone gwiazdką (*) są wymagane.',
    description: 'Note above a form explaining the asterisk on required fields',
  },
});
