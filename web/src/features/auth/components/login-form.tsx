import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';
import { useAuthStore } from '@/shared/stores/auth-store';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';

import { useLogin } from '../api/login';
import { useForm } from '../lib/use-form';
import { validateLogin } from '../lib/validation';

import { fieldMessages } from './auth-messages';

const messages = defineMessages({
  submit: { id: 'auth.login.submit', defaultMessage: 'Zaloguj się', description: 'Submit button of the login form' },
  forgot: {
    id: 'auth.login.forgot',
    defaultMessage: 'Nie pamiętasz hasła?',
    description: 'Link from the login form to the forgot-password page',
  },
  noAccount: {
    id: 'auth.login.noAccount',
    defaultMessage: 'Nie masz konta? Zarejestruj się',
    description: 'Link from the login form to the registration page',
  },
  guestData: {
    id: 'auth.login.guestData',
    defaultMessage: 'Kupujesz bez konta? Zobacz lub usuń swoje dane osobowe',
    description: 'Link from the login form to the guest\'s personal data page (issue 38)',
  },
});

/** E-mail and password. On success the session is stored and the page's guard moves on. */
export function LoginForm() {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const login = useLogin(useAuthStore((state) => state.setSession));
  const { formRef, field, handleSubmit, showServerErrors } = useForm({ email: '', password: '' }, validateLogin);

  return (
    <form
      ref={formRef}
      className="form"
      noValidate
      onSubmit={handleSubmit((values) => login.mutate(values, { onError: showServerErrors }))}
    >
      <TextField
        {...field('email')}
        label={intl.formatMessage(fieldMessages.email)}
        type="email"
        autoComplete="username"
        inputMode="email"
        required
      />
      <TextField
        {...field('password')}
        label={intl.formatMessage(fieldMessages.password)}
        type="password"
        autoComplete="current-password"
        required
      />
      <div className="form__actions">
        <Button type="submit" disabled={login.isPending}>
          {intl.formatMessage(messages.submit)}
        </Button>
        <Link to={localized('/forgot')}>{intl.formatMessage(messages.forgot)}</Link>
      </div>
      <p className="form__footer">
        <Link to={localized('/register')}>{intl.formatMessage(messages.noAccount)}</Link>
      </p>
      <p className="form__footer">
        <Link to={localized('/personal-data')}>{intl.formatMessage(messages.guestData)}</Link>
      </p>
    </form>
  );
}
