import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';
import { useAuthStore } from '@/shared/stores/auth-store';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';

import type { Account } from '../api/get-my-account';
import { useUpdateMyAccount } from '../api/update-my-account';
import { useForm } from '../lib/use-form';
import { validateAccount } from '../lib/validation';

import { PersonFields } from './account-fields';
import { fieldMessages } from './auth-messages';

const messages = defineMessages({
  emailHint: {
    id: 'auth.account.emailHint',
    defaultMessage: 'Adresu e-mail nie można zmienić: jest loginem konta.',
    description: 'Hint under the read-only e-mail on the account page',
  },
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

/** The account form: the e-mail is shown but not editable; names and phone are
 * (docs/web.md, 'The account's e-mail is read-only'). */
export function AccountForm({ account }: { account: Account }) {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const update = useUpdateMyAccount(useAuthStore((state) => state.setUser));
  const { formRef, field, handleSubmit, showServerErrors } = useForm(
    { first_name: account.first_name, last_name: account.last_name, phone: account.phone },
    validateAccount,
  );

  return (
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
      <TextField
        name="email"
        label={intl.formatMessage(fieldMessages.email)}
        hint={intl.formatMessage(messages.emailHint)}
        type="email"
        value={account.email}
        readOnly
        autoComplete="email"
      />
      <PersonFields field={field} />
      <div className="form__actions">
        <Button type="submit" disabled={update.isPending}>
          {intl.formatMessage(messages.submit)}
        </Button>
        <Link to={localized('/change-password')}>{intl.formatMessage(messages.changePassword)}</Link>
      </div>
    </form>
  );
}
