// Records a request the office received (issue 38): by letter, at the desk or by e-mail, for a copy of
// the data or their erasure, under the person's e-mail. It is then among the open requests, due in a
// month. The server's 422 is shown on the field it names.
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { isApiError } from '@/shared/api/api-error';
import { KindValues, OfficeChannelValues, PrivacyRequestInput } from '@/shared/api/limits.gen';
import { formatDisplayText } from '@/shared/lib/display-text';
import { problemText } from '@/shared/rules/problem-text';
import { email as emailRule } from '@/shared/rules/values';
import { Button } from '@/shared/ui/button';

import { useRecordRequest, type PrivacyRequestDone, type PrivacyRequestInput as Input } from '../api/privacy';
import { fieldErrorText } from '../lib/field-errors';
import { channelWord, kindWord, refusalText } from '../lib/privacy-words';
import { privacyTexts as t, privacyValues as v } from '../messages/privacy-messages';

type Field = 'kind' | 'channel' | 'email';
const FIELDS: readonly Field[] = ['kind', 'channel', 'email'];

export function PrivacyRequestForm() {
  const intl = useIntl();
  const id = useId();
  const { day } = useFormatters();
  const record = useRecordRequest();
  const [values, setValues] = useState<Input>({ kind: 'erasure', channel: 'letter', email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [recorded, setRecorded] = useState<PrivacyRequestDone | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRecorded(null);
    setFailure(null);
    const problem = emailRule(values.email);
    if (problem) {
      setErrors({ email: problem.code === 'field.blank' ? intl.formatMessage(t.emailRequired) : formatDisplayText(intl, problemText(problem)) });
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setErrors({});
    record.mutate(
      { ...values, email: values.email.trim() },
      {
        onSuccess: (done) => {
          setRecorded(done);
          setValues((current) => ({ ...current, email: '' }));
        },
        onError: (error) => {
          const found: Partial<Record<Field, string>> = {};
          if (isApiError(error)) {
            for (const fieldError of error.errors) {
              const field = FIELDS.find((name) => name === fieldError.field);
              if (field && !found[field]) found[field] = fieldErrorText(intl, fieldError);
            }
          }
          setErrors(found);
          if (Object.keys(found).length === 0) setFailure(isApiError(error) && error.status !== 422 ? refusalText(intl, error) : intl.formatMessage(t.recordFailed));
        },
      },
    );
  };

  const described = (field: Field, hint = false) => {
    const ids = [hint ? `${id}-${field}-hint` : '', errors[field] ? `${id}-${field}-error` : ''].filter(Boolean).join(' ');
    return { 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': ids || undefined };
  };
  const error = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="form-field__error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form className="admin-section" aria-labelledby={`${id}-title`} noValidate onSubmit={submit}>
      <h2 id={`${id}-title`} className="admin-section__title">
        {intl.formatMessage(t.formHeading)}
      </h2>
      <p className="admin-note">{intl.formatMessage(t.formLead)}</p>
      <div className="admin-form__grid">
        <div className="form-field">
          <label htmlFor={`${id}-kind`} className="form-field__label">
            {intl.formatMessage(t.kind)}
          </label>
          <select
            id={`${id}-kind`}
            className="form-field__input"
            value={values.kind}
            onChange={(event) => setValues({ ...values, kind: KindValues.find((kind) => kind === event.target.value) ?? values.kind })}
            {...described('kind')}
          >
            {KindValues.map((kind) => (
              <option key={kind} value={kind}>
                {kindWord(intl, kind)}
              </option>
            ))}
          </select>
          {error('kind')}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-channel`} className="form-field__label">
            {intl.formatMessage(t.channel)}
          </label>
          <select
            id={`${id}-channel`}
            className="form-field__input"
            value={values.channel}
            onChange={(event) => setValues({ ...values, channel: OfficeChannelValues.find((channel) => channel === event.target.value) ?? values.channel })}
            {...described('channel')}
          >
            {OfficeChannelValues.map((channel) => (
              <option key={channel} value={channel}>
                {channelWord(intl, channel)}
              </option>
            ))}
          </select>
          {error('channel')}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-email`} className="form-field__label form-field__label--required">
            {intl.formatMessage(t.email)}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            inputMode="email"
            autoComplete="off"
            className="form-field__input"
            maxLength={PrivacyRequestInput.email.maxLength}
            aria-required
            value={values.email}
            onChange={(event) => setValues({ ...values, email: event.target.value })}
            {...described('email', true)}
          />
          <p id={`${id}-email-hint`} className="form-field__hint">
            {intl.formatMessage(t.emailHint)}
          </p>
          {error('email')}
        </div>
      </div>
      <div className="admin-form__actions">
        <Button type="submit" disabled={record.isPending}>
          {intl.formatMessage(t.record)}
        </Button>
      </div>
      {recorded ? (
        <p role="status" className="admin-privacy-form__done">
          {intl.formatMessage(v.recorded, { number: recorded.number, date: day(recorded.respond_by) })}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="form-field__error admin-privacy-form__done">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
