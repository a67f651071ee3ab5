// The account's e-mail on the account page: shown read-only (it is the login), and corrected by the
// customer (RODO art. 16) with the new address and the current password. The server sends a link to
// the new address (valid 24 hours) and a notice to the old one; nothing changes until the link is
// opened (/confirm-email, confirm-email.tsx). docs/personal-data.md, 'The e-mail's correction'.
import { useEffect, useId, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';

import { isApiError } from '@/shared/api/api-error';
import { serverMessage } from '@/shared/api/server-messages';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';

import { useChangeEmail } from '../api/change-email';
import { useForm } from '../lib/use-form';
import { validateChangeEmail } from '../lib/validation';

import { fieldMessages } from './auth-messages';
import { FormNotice } from './form-notice';

import './account-email.css';

const messages = defineMessages({
  emailHint: {
    id: 'auth.account.emailLogin',
    defaultMessage: 'Adres e-mail jest loginem konta.',
    description: 'Hint under the read-only e-mail on the account page',
  },
  open: {
    id: 'auth.changeEmail.open',
    defaultMessage: 'Zmień adres e-mail',
    description: 'Button on the account page: open the form to change the account e-mail',
  },
  heading: {
    id: 'auth.changeEmail.heading',
    defaultMessage: 'Zmiana adresu e-mail',
    description: 'Heading of the form changing the account e-mail',
  },
  lead: {
    id: 'auth.changeEmail.lead',
    defaultMessage: 'Wyślemy link na nowy adres. Adres konta zmieni się dopiero, gdy otworzysz ten link.',
    description: 'Above the form changing the account e-mail: how it works',
  },
  newEmail: { id: 'auth.changeEmail.newEmail', defaultMessage: 'Nowy adres e-mail', description: 'Label of the new e-mail field' },
  submit: { id: 'auth.changeEmail.submit', defaultMessage: 'Wyślij link', description: 'Submit button of the form changing the account e-mail' },
  cancel: { id: 'auth.changeEmail.cancel', defaultMessage: 'Anuluj', description: 'Button closing the form changing the account e-mail' },
});

const values = defineMessages<{ sent: { email: string } }>({
  sent: {
    id: 'auth.changeEmail.sent',
    defaultMessage:
      'Wysłaliśmy link na adres {email}. Adres e-mail konta zmieni się, gdy otworzysz ten link (jest ważny przez 24 godziny). Do tego czasu logujesz się dotychczasowym adresem.',
    description: 'After asking to change the account e-mail: the link went to the new address',
  },
});

/** The read-only e-mail, and the form correcting it behind a button. */
export function AccountEmail({ email }: { email: string }) {
  const intl = useIntl();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Closing the form puts the focus back on the button that opened it.
  const openButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) openButton.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <div className="form account-email">
      <TextField
        name="email"
        label={intl.formatMessage(fieldMessages.email)}
        hint={intl.formatMessage(messages.emailHint)}
        type="email"
        value={email}
        readOnly
        autoComplete="email"
      />
      {sentTo !== null ? (
        <FormNotice tone="success">
          <p>{intl.formatMessage(values.sent, { email: sentTo })}</p>
        </FormNotice>
      ) : null}
      {open ? (
        <ChangeEmailForm
          id={formId}
          current={email}
          onSent={(to) => {
            setSentTo(to);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <div className="form__actions">
          <Button ref={openButton} variant="secondary" onClick={() => setOpen(true)}>
            {intl.formatMessage(messages.open)}
          </Button>
        </div>
      )}
    </div>
  );
}

function ChangeEmailForm({ id, current, onSent, onCancel }: { id: string; current: string; onSent: (to: string) => void; onCancel: () => void }) {
  const intl = useIntl();
  const headingId = `${id}-heading`;
  const change = useChangeEmail();
  // Opened by its button: the focus goes to the new address.
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const { formRef, field, handleSubmit, showServerErrors } = useForm(
    { email: '', password: '' },
    (typed) => validateChangeEmail(typed, current),
    'email',
  );
  // Too many wrong passwords (429), or the e-mail could not be sent (503): said above the button.
  const refusal = isApiError(change.error) && change.error.errors.length === 0 && [429, 503].includes(change.error.status) ? change.error : null;

  return (
    <form
      ref={formRef}
      id={id}
      className="account-email__form"
      noValidate
      aria-labelledby={headingId}
      onSubmit={handleSubmit((typed) =>
        change.mutate(typed, {
          onError: showServerErrors,
          onSuccess: () => onSent(typed.email.trim()),
        }),
      )}
    >
      <h2 id={headingId}>{intl.formatMessage(messages.heading)}</h2>
      <p className="form__note">{intl.formatMessage(messages.lead)}</p>
      <TextField ref={first} {...field('email')} label={intl.formatMessage(messages.newEmail)} type="email" autoComplete="email" required />
      <TextField
        {...field('password')}
        label={intl.formatMessage(fieldMessages.oldPassword)}
        type="password"
        autoComplete="current-password"
        required
      />
      {refusal ? (
        <FormNotice tone="error">
          <p>{serverMessage(intl, refusal, 'email')}</p>
        </FormNotice>
      ) : null}
      <div className="form__actions">
        <Button type="submit" disabled={change.isPending}>
          {intl.formatMessage(messages.submit)}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {intl.formatMessage(messages.cancel)}
        </Button>
      </div>
    </form>
  );
}
