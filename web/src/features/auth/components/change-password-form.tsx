import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';
import { isApiError } from '@/shared/api/api-error';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';

import { useChangePassword } from '../api/change-password';
import { useForm } from '../lib/use-form';
import { validateNewPassword } from '../lib/validation';

import { NewPasswordFields } from './account-fields';
import { fieldMessages } from './auth-messages';
import { FormNotice } from './form-notice';

const messages = defineMessages({
  submit: {
    id: 'auth.changePassword.submit',
    defaultMessage: 'Zmień hasło',
    description: 'Submit button of the change-password form',
  },
  changed: {
    id: 'auth.changePassword.done',
    defaultMessage: 'Hasło zostało zmienione.',
    description: 'Shown after the password was changed',
  },
  toLogin: {
    id: 'auth.changePassword.toLogin',
    defaultMessage: 'Zaloguj się nowym hasłem',
    description: 'Link to the login page after resetting the password with an e-mailed link',
  },
  linkProblem: {
    id: 'auth.changePassword.linkProblem',
    defaultMessage: 'Link do zmiany hasła jest nieprawidłowy lub wygasł.',
    description: 'Shown when the reset link token is refused',
  },
  newLink: {
    id: 'auth.changePassword.newLink',
    defaultMessage: 'Wyślij nowy link',
    description: 'Link to the forgot-password page to get a new reset link',
  },
});

/**
 * A new password: with the e-mailed link's `token` (no login needed), or, without one, for the
 * logged-in user with the current password.
 */
export function ChangePasswordForm({ token }: { token: string | null }) {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const change = useChangePassword();
  const withOld = token === null;
  const { formRef, field, handleSubmit, showServerErrors, setValues } = useForm({ old_password: '', password: '', password_repeat: '' }, (values) =>
    validateNewPassword(values, withOld),
  );

  if (change.isSuccess && !withOld) {
    return (
      <FormNotice tone="success">
        <p>{intl.formatMessage(messages.changed)}</p>
        <Link to={localized('/login')}>{intl.formatMessage(messages.toLogin)}</Link>
      </FormNotice>
    );
  }

  const tokenRefused = !withOld && isApiError(change.error) && change.error.fieldError('token') !== undefined;

  return (
    <form
      ref={formRef}
      className="form"
      noValidate
      onSubmit={handleSubmit((values) =>
        change.mutate(
          withOld ? { old_password: values.old_password, password: values.password } : { token, password: values.password },
          {
            onError: showServerErrors,
            onSuccess: () => {
              if (!withOld) return;
              showToast({ type: 'success', message: messages.changed });
              setValues({ old_password: '', password: '', password_repeat: '' });
            },
          },
        ),
      )}
    >
      {tokenRefused ? (
        <FormNotice tone="error">
          <p>{intl.formatMessage(messages.linkProblem)}</p>
          <Link to={localized('/forgot')}>{intl.formatMessage(messages.newLink)}</Link>
        </FormNotice>
      ) : null}
      {withOld ? (
        <TextField
          {...field('old_password')}
          label={intl.formatMessage(fieldMessages.oldPassword)}
          type="password"
          autoComplete="current-password"
          required
        />
      ) : null}
      <NewPasswordFields field={field} label={fieldMessages.newPassword} />
      <div className="form__actions">
        <Button type="submit" disabled={change.isPending}>
          {intl.formatMessage(messages.submit)}
        </Button>
      </div>
    </form>
  );
}
