import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';
import { useAuthStore } from '@/shared/stores/auth-store';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';

import type { Account } from '../api/get-my-account';
import { useUpdateMyAccount } from '../api/update-my-account';
import { useForm } from '../lib/use-form';
import { validateAccount } from '../lib/validation';

import { AccountEmail } from './account-email';
import { PersonFields } from './account-fields';

const messages = defineMessages({
  submit: {
    id: 'auth.account.submit',
    defaultMessage: 'Zapisz zmiany',
    description: 'Submit button of the account form',
  },
  saved: {
    id: 'auth.account.saved',
    defaultMessage: 'Zapisano zmiany w koncie.',
    description: 'Toast after the account was saved',
  },
  changePassword: {
    id: 'auth.account.changePassword',
    defaultMessage: 'Zmień hasło',
    description: 'Link from the account page to the change-password page',
  },
});

/** The account form: the e-mail is shown read-only, corrected apart with the password and a link to
 * the new address (account-email.tsx); names and phone are edited here. */
export function AccountForm({ account }: { account: Account }) {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const update = useUpdateMyAccount(useAuthStore((state) => state.setUser));
  const { formRef, field, handleSubmit, showServerErrors } = useForm(
    { first_name: account.first_name, last_name: account.last_name, phone: account.phone },
    validateAccount,
  );

  return (
    <>
      <AccountEmail email={account.email} />
      <form
        ref={formRef}
        className="form"
        noValidate
        onSubmit={handleSubmit((values) =>
          update.mutate(values, {
            onError: showServerErrors,
            onSuccess: () => showToast({ type: 'success', message: messages.saved }),
          }),
        )}
      >
        <PersonFields field={field} />
        <div className="form__actions">
          <Button type="submit" disabled={update.isPending}>
            {intl.formatMessage(messages.submit)}
          </Button>
          <Link to={localized('/change-password')}>{intl.formatMessage(messages.changePassword)}</Link>
        </div>
      </form>
    </>
  );
}
