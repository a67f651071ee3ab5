// Field groups the account forms share: the person (names and phone: registration and the account
// page) and a new password with its repeat (registration and both password changes).
import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';

import { TextField } from '@/shared/ui/text-field';

import type { FieldProps } from '../lib/use-form';

import { fieldMessages } from './auth-messages';

export function PersonFields({ field }: { field: (name: 'first_name' | 'last_name' | 'phone') => FieldProps }) {
  const intl = useIntl();
  return (
    <>
      <TextField
        {...field('first_name')}
        label={intl.formatMessage(fieldMessages.firstName)}
        autoComplete="given-name"
        required
      />
      <TextField
        {...field('last_name')}
        label={intl.formatMessage(fieldMessages.lastName)}
        autoComplete="family-name"
        required
      />
      <TextField {...field('phone')} label={intl.formatMessage(fieldMessages.phone)} type="tel" autoComplete="tel" />
    </>
  );
}

export function NewPasswordFields({
  field,
  label,
}: {
  field: (name: 'password' | 'password_repeat') => FieldProps;
  /** "Hasło" when registering, "Nowe hasło" when changing it. */
  label: MessageDescriptor;
}) {
  const intl = useIntl();
  return (
    <>
      <TextField
        {...field('password')}
        label={intl.formatMessage(label)}
        hint={intl.formatMessage(fieldMessages.passwordHint)}
        type="password"
        autoComplete="new-password"
        required
      />
      <TextField
        {...field('password_repeat')}
        label={intl.formatMessage(fieldMessages.passwordRepeat)}
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
