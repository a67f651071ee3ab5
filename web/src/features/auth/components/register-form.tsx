import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';

import { useRegister } from '../api/register';
import { useForm } from '../lib/use-form';
import { validateRegister } from '../lib/validation';

import { PersonFields, NewPasswordFields } from './account-fields';
import { fieldMessages } from './auth-messages';
import { FormNotice } from './form-notice';

const messages = defineMessages<{ submit: NoMessageValues; done: { email: string }; toLogin: NoMessageValues; haveAccount: NoMessageValues }>({
  submit: {
    id: 'auth.register.submit',
    defaultMessage: 'Załóż konto',
    description: 'Submit button of the registration form',
  },
  done: {
    id: 'auth.register.done',
    defaultMessage:
      'Dziękujemy za rejestrację. Wysłaliśmy e-mail z linkiem aktywacyjnym na adres {email}. Kliknij go, aby aktywować konto.',
    description: 'Shown after a successful registration',
  },
  toLogin: {
    id: 'auth.register.toLogin',
    defaultMessage: 'Przejdź do logowania',
    description: 'Link to the login page after registering',
  },
  haveAccount: {
    id: 'auth.register.haveAccount',
    defaultMessage: 'Masz już konto? Zaloguj się',
    description: 'Link from the registration form to the login page',
  },
});

const INITIAL = { email: '', password: '', password_repeat: '', first_name: '', last_name: '', phone: '' };

/** The registration form; on success it is replaced by the "check your e-mail" message. */
export function RegisterForm() {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const register = useRegister();
  const { formRef, field, handleSubmit, showServerErrors } = useForm(INITIAL, validateRegister);

  if (register.isSuccess) {
    return (
      <FormNotice tone="success">
        <p>{intl.formatMessage(messages.done, { email: register.data.user.email })}</p>
        <Link to={localized('/login')}>{intl.formatMessage(messages.toLogin)}</Link>
      </FormNotice>
    );
  }

  return (
    <form
      ref={formRef}
      className="form"
      noValidate
      onSubmit={handleSubmit((values) => register.mutate(values, { onError: showServerErrors }))}
    >
      <p className="form__note">{intl.formatMessage(fieldMessages.requiredNote)}</p>
      <TextField
        {...field('email')}
        label={intl.formatMessage(fieldMessages.email)}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
      />
      <NewPasswordFields field={field} label={fieldMessages.password} />
      <PersonFields field={field} />
      <div className="form__actions">
        <Button type="submit" disabled={register.isPending}>
          {intl.formatMessage(messages.submit)}
        </Button>
        <Link to={localized('/login')}>{intl.formatMessage(messages.haveAccount)}</Link>
      </div>
    </form>
  );
}
