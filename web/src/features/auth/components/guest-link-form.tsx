import { useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useLocale, useLocalizedPath } from '@/i18n/use-locale';
import { GuestLinkInput } from '@/shared/api/limits.gen';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';

import { useGuestLink } from '../api/guest-data';
import { useForm } from '../lib/use-form';
import { checkEmail, type FormErrors } from '../lib/validation';

import { FormNotice } from './form-notice';
import { guestPrivacyMessages as m, guestPrivacyValues as v } from './guest-privacy-messages';

type Values = { number: string; email: string };

function validate(values: Values): FormErrors<keyof Values> {
  const errors: FormErrors<keyof Values> = {};
  if (!values.number.trim()) errors.number = m.numberRequired;
  const email = checkEmail(values.email);
  if (email) errors.email = email;
  return errors;
}

/** A guest asks for the link to their data with an order's number and e-mail; the answer is the same
 * whether or not they match (nobody learns whose order it is). */
export function GuestLinkForm() {
  const intl = useIntl();
  const locale = useLocale();
  const localized = useLocalizedPath();
  const link = useGuestLink();
  const { formRef, field, handleSubmit, showServerErrors } = useForm<keyof Values>({ number: '', email: '' }, validate);

  if (link.isSuccess) {
    return (
      <FormNotice tone="success">
        <p>{intl.formatMessage(v.sent, { number: link.variables.values.number.trim() })}</p>
        <Button variant="secondary" onClick={() => link.reset()}>
          {intl.formatMessage(m.askAgain)}
        </Button>
      </FormNotice>
    );
  }

  return (
    <form
      ref={formRef}
      className="form"
      noValidate
      onSubmit={handleSubmit((entered) => link.mutate({ values: entered, language: locale }, { onError: showServerErrors }))}
    >
      <TextField
        {...field('number')}
        label={intl.formatMessage(m.number)}
        hint={intl.formatMessage(m.numberHint)}
        autoComplete="off"
        maxLength={GuestLinkInput.number.maxLength}
        required
      />
      <TextField {...field('email')} label={intl.formatMessage(m.email)} type="email" autoComplete="email" inputMode="email" required />
      <div className="form__actions">
        <Button type="submit" disabled={link.isPending}>
          {intl.formatMessage(m.submit)}
        </Button>
        <Link to={localized('/user/user')}>{intl.formatMessage(m.hasAccount)}</Link>
      </div>
    </form>
  );
}
