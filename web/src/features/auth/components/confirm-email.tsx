import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';
import { isApiError } from '@/shared/api/api-error';
import { serverMessage } from '@/shared/api/server-messages';
import { selectIsLoggedIn, useAuthStore } from '@/shared/stores/auth-store';

import { useConfirmEmail } from '../api/confirm-email';

import { FormNotice } from './form-notice';

const messages = defineMessages({
  working: {
    id: 'auth.confirmEmail.working',
    defaultMessage: 'Zmieniamy adres e-mail konta…',
    description: 'Shown while the link confirming a new account e-mail is checked',
  },
  failed: {
    id: 'auth.confirmEmail.failed',
    defaultMessage: 'Adres e-mail konta nie został zmieniony.',
    description: 'Shown when the link confirming a new account e-mail was refused',
  },
  noLink: {
    id: 'auth.confirmEmail.noLink',
    defaultMessage: 'Otwórz link z wiadomości wysłanej na nowy adres e-mail.',
    description: 'On /confirm-email without the token of the e-mailed link',
  },
  taken: {
    id: 'auth.confirmEmail.taken',
    defaultMessage: 'W międzyczasie ktoś założył konto z tym adresem e-mail. Podaj inny adres.',
    description: 'The new address was registered by someone else before the link was opened (account.email_taken)',
  },
  again: {
    id: 'auth.confirmEmail.again',
    defaultMessage: 'Możesz poprosić o nowy link w swoim koncie.',
    description: 'After a refused link: a new one is asked for on the account page',
  },
  toAccount: { id: 'auth.confirmEmail.toAccount', defaultMessage: 'Przejdź do konta', description: 'Link to the account page (My account)' },
  toLogin: { id: 'auth.confirmEmail.toLogin', defaultMessage: 'Zaloguj się nowym adresem', description: 'Link to the login page after the account e-mail was changed' },
});

const values = defineMessages<{ done: { email: string } }>({
  done: {
    id: 'auth.confirmEmail.done',
    defaultMessage: 'Adres e-mail został zmieniony na {email}. Od teraz logujesz się tym adresem.',
    description: 'Shown after the account e-mail was changed by the link',
  },
});

/** Changes the account's e-mail by the link sent to the new address (`/confirm-email?token=…`), and
 * says how it went: the new address, or why not, with the way back to the account. */
export function ConfirmEmail({ token }: { token: string }) {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const confirm = useConfirmEmail(token);

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
        <p>{intl.formatMessage(values.done, { email: confirm.data })}</p>
        {loggedIn ? (
          <Link to={localized('/user/user')}>{intl.formatMessage(messages.toAccount)}</Link>
        ) : (
          <Link to={localized('/login')}>{intl.formatMessage(messages.toLogin)}</Link>
        )}
      </FormNotice>
    );
  }
  return (
    <FormNotice tone="error">
      <p>{intl.formatMessage(messages.failed)}</p>
      <p>{reason(intl, token, confirm.error)}</p>
      <p>{intl.formatMessage(messages.again)}</p>
      <Link to={localized('/user/user')}>{intl.formatMessage(messages.toAccount)}</Link>
    </FormNotice>
  );
}

/** Why the link did not work: none in the address, the address taken meanwhile, or the link's refusal. */
function reason(intl: ReturnType<typeof useIntl>, token: string, error: unknown): string {
  if (!token) return intl.formatMessage(messages.noLink);
  if (!isApiError(error)) return serverMessage(intl, { code: 'internal', message: '' });
  const taken = error.errors.find((fieldError) => fieldError.code === 'account.email_taken');
  if (taken) return intl.formatMessage(messages.taken);
  const [first] = error.errors;
  return serverMessage(intl, first ?? error);
}
