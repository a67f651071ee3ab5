import { defineMessages } from 'react-intl';

/** Titles of the account pages (headings and document titles). */
export const accountPageMessages = defineMessages({
  login: { id: 'page.login.title', defaultMessage: 'Logowanie', description: 'Title of the login page' },
  register: {
    id: 'page.register.title',
    defaultMessage: 'Rejestracja',
    description: 'Title of the registration page',
  },
  forgot: {
    id: 'page.forgot.title',
    defaultMessage: 'Nie pamiętasz hasła?',
    description: 'Title of the forgot-password page',
  },
  confirm: {
    id: 'page.confirm.title',
    defaultMessage: 'Aktywacja konta',
    description: 'Title of the account activation page (/confirm)',
  },
  confirmEmail: {
    id: 'page.confirmEmail.title',
    defaultMessage: 'Zmiana adresu e-mail',
    description: 'Title of the page of the link confirming a new account e-mail (/confirm-email)',
  },
  changePassword: {
    id: 'page.changePassword.title',
    defaultMessage: 'Zmiana hasła',
    description: 'Title of the change-password page',
  },
  account: { id: 'page.account.title', defaultMessage: 'Twoje konto', description: 'Title of the account page' },
  changePasswordNeedsLink: {
    id: 'page.changePassword.needsLink',
    defaultMessage: 'Aby ustawić nowe hasło, otwórz link z wiadomości e-mail albo zaloguj się.',
    description: 'Shown on /change-password to a guest who came without a reset link',
  },
  forgotLink: {
    id: 'page.changePassword.forgotLink',
    defaultMessage: 'Wyślij link do zmiany hasła',
    description: 'Link to /forgot from the change-password page',
  },
});
