import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';

import { useConfirmAccount } from '../api/confirm-account';

import { FormNotice } from './form-notice';

const messages = defineMessages({
  working: {
    id: 'auth.confirm.working',
    defaultMessage: 'Aktywujemy Twoje konto…',
    description: 'Shown while the activation link is checked',
  },
  done: {
    id: 'auth.confirm.done',
    defaultMessage: 'Twoje konto zostało aktywowane. Możesz się zalogować.',
    description: 'Shown after the account was activated',
  },
  failed: {
    id: 'auth.confirm.failed',
    defaultMessage: 'Twoje konto nie zostało aktywowane, spróbuj ponownie.',
    description: 'Shown when the activation link is wrong, used or expired ("Your account was not activated")',
  },
  toLogin: { id: 'auth.confirm.toLogin', defaultMessage: 'Zaloguj się', description: 'Link to the login page' },
  toRegister: {
    id: 'auth.confirm.toRegister',
    defaultMessage: 'Zarejestruj się ponownie',
    description: 'Link to the registration page after a failed activation',
  },
});

/** Activates the account of the e-mailed link (`/confirm?token=…`) and says how it went. */
export function ConfirmAccount({ token }: { token: string }) {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const confirm = useConfirmAccount(token);

  if (token && confirm.isPending) {
    return (
      <FormNotice tone="info">
        <p>{intl.formatMessage(messages.working)}</p>
      </FormNotice>
    );
  }
  if (token && confirm.isSuccess) {
    return (
      <FormNotice tone="success">
        <p>{intl.formatMessage(messages.done)}</p>
        <Link to={localized('/login')}>{intl.formatMessage(messages.toLogin)}</Link>
      </FormNotice>
    );
  }
  return (
    <FormNotice tone="error">
      <p>{intl.formatMessage(messages.failed)}</p>
      <Link to={localized('/register')}>{intl.formatMessage(messages.toRegister)}</Link>
    </FormNotice>
  );
}
