import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';

import { useForgotPassword } from '../api/forgot-password';
import { useForm } from '../lib/use-form';
import { validateForgot } from '../lib/validation';

import { fieldMessages } from './auth-messages';
import { FormNotice } from './form-notice';

const messages = defineMessages({
  intro: {
    id: 'auth.forgot.intro',
    defaultMessage: 'Podaj adres e-mail konta. Wyślemy na niego link do ustawienia nowego hasła.',
    description: 'Text above the forgot-password form',
  },
  submit: {
    id: 'auth.forgot.submit',
    defaultMessage: 'Wyślij link',
    description: 'Submit button of the forgot-password form',
  },
  done: {
    id: 'auth.forgot.done',
    defaultMessage: 'Jeśli konto z tym adresem istnieje, wysłaliśmy na nie link do zmiany hasła. Link jest ważny godzinę.',
    description: 'Shown after the forgot-password form was sent (the same whether or not the account exists)',
  },
  backToLogin: {
    id: 'auth.forgot.backToLogin',
    defaultMessage: 'Wróć do logowania',
    description: 'Link back to the login page',
  },
});

export function ForgotPasswordForm() {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const forgot = useForgotPassword();
  const { formRef, field, handleSubmit, showServerErrors } = useForm({ email: '' }, validateForgot);

  if (forgot.isSuccess) {
    return (
      <FormNotice tone="success">
        <p>{intl.formatMessage(messages.done)}</p>
        <Link to={localized('/login')}>{intl.formatMessage(messages.backToLogin)}</Link>
      </FormNotice>
    );
  }

  return (
    <form
      ref={formRef}
      className="form"
      noValidate
      onSubmit={handleSubmit((values) => forgot.mutate(values, { onError: showServerErrors }))}
    >
      <p>{intl.formatMessage(messages.intro)}</p>
      <TextField
        {...field('email')}
        label={intl.formatMessage(fieldMessages.email)}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
      />
      <div className="form__actions">
        <Button type="submit" disabled={forgot.isPending}>
          {intl.formatMessage(messages.submit)}
        </Button>
        <Link to={localized('/login')}>{intl.formatMessage(messages.backToLogin)}</Link>
      </div>
    </form>
  );
}
