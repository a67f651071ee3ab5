import { defineMessages } from 'react-intl';

export const validationMessages = defineMessages({
  emailRequired: {
    id: 'auth.validation.emailRequired',
    defaultMessage: 'Podaj adres e-mail.',
    description: 'Form error: the e-mail field is empty',
  },
  passwordRequired: {
    id: 'auth.validation.passwordRequired',
    defaultMessage: 'Podaj hasło.',
    description: 'Form error: the password field is empty',
  },
  passwordTooShort: {
    id: 'auth.validation.passwordTooShort',
    defaultMessage: 'Hasło musi mieć co najmniej {min, plural, one {# znak} few {# znaki} many {# znaków} other {# znaku}}.',
    description: 'Form error: the new password is too short',
  },
  passwordTooLong: {
    id: 'auth.validation.passwordTooLong',
    defaultMessage: 'Hasło może mieć najwyżej {max, plural, one {# znak} few {# znaki} many {# znaków} other {# znaku}}.',
    description: 'Form error: the new password is too long',
  },
  repeatRequired: {
    id: 'auth.validation.repeatRequired',
    defaultMessage: 'Powtórz hasło.',
    description: 'Form error: the password confirmation is empty',
  },
  repeatMismatch: {
    id: 'auth.validation.repeatMismatch',
    defaultMessage: 'Hasła nie są takie same.',
    description: 'Form error: the password confirmation differs from the password',
  },
  oldPasswordRequired: {
    id: 'auth.validation.oldPasswordRequired',
    defaultMessage: 'Podaj obecne hasło.',
    description: 'Form error: the current password is empty (changing the password while logged in)',
  },
  firstNameRequired: {
    id: 'auth.validation.firstNameRequired',
    defaultMessage: 'Podaj imię.',
    description: 'Form error: the first name is empty',
  },
  lastNameRequired: {
    id: 'auth.validation.lastNameRequired',
    defaultMessage: 'Podaj nazwisko.',
    description: 'Form error: the last name is empty',
  },
});
