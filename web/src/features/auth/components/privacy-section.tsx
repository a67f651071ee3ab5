import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';
import { USER_QUERY_KEY } from '@/shared/auth/get-current-user';
import { useAuthStore } from '@/shared/stores/auth-store';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';

import { useDeleteMyAccount } from '../api/delete-my-account';
import { downloadMyData, getMyData } from '../api/my-data';
import { useForm } from '../lib/use-form';
import { validationMessages } from '../lib/validation-messages';

import { privacyMessages as m } from './privacy-messages';

/** The customer's personal data on the account page: take them (JSON, or a readable page), or delete
 * the account with the password, told first what goes and what the law keeps (docs/personal-data.md). */
export function PrivacySection() {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      downloadMyData(await getMyData());
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="account-privacy" aria-labelledby="account-privacy-heading">
      <h2 id="account-privacy-heading">{intl.formatMessage(m.heading)}</h2>
      <p>{intl.formatMessage(m.lead)}</p>
      <div className="form__actions">
        <Button variant="secondary" onClick={() => void download()} disabled={downloading}>
          {intl.formatMessage(m.download)}
        </Button>
        <Link to={localized('/user/my-data')}>{intl.formatMessage(m.view)}</Link>
      </div>
      <DeleteAccountForm />
    </section>
  );
}

function DeleteAccountForm() {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const navigate = useNavigate();
  const clear = useAuthStore((state) => state.clear);
  const queryClient = useQueryClient();
  const remove = useDeleteMyAccount();
  const [understood, setUnderstood] = useState(false);
  const { formRef, field, handleSubmit, showServerErrors } = useForm({ password: '' }, (values) =>
    values.password ? {} : { password: validationMessages.oldPasswordRequired },
  );

  return (
    <form
      ref={formRef}
      className="form"
      noValidate
      aria-labelledby="account-delete-heading"
      onSubmit={handleSubmit((values) =>
        remove.mutate(values.password, {
          onError: showServerErrors,
          // First to the page that says what was kept (public), then, as a logout does, the session
          // forgotten here and its queries dropped (they would answer 401). In the other order this
          // page's guard would send it to /login, and which navigation won would depend on when the
          // guard's effect ran.
          onSuccess: (deleted) => {
            const forget = () => {
              clear();
              queryClient.removeQueries({ queryKey: [USER_QUERY_KEY] });
            };
            void Promise.resolve(navigate(localized('/account-deleted'), { state: deleted, replace: true })).finally(forget);
          },
        }),
      )}
    >
      <h3 id="account-delete-heading">{intl.formatMessage(m.deleteHeading)}</h3>
      <p>{intl.formatMessage(m.deleteWhat)}</p>
      <p>{intl.formatMessage(m.deleteKept)}</p>
      <TextField {...field('password')} label={intl.formatMessage(m.password)} type="password" autoComplete="current-password" required />
      <label className="form-check">
        <input type="checkbox" checked={understood} onChange={(event) => setUnderstood(event.target.checked)} />
        <span>{intl.formatMessage(m.understand)}</span>
      </label>
      <div className="form__actions">
        <Button type="submit" variant="secondary" disabled={!understood || remove.isPending}>
          {intl.formatMessage(m.deleteSubmit)}
        </Button>
      </div>
    </form>
  );
}
