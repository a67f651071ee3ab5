// `/admin/complaint/complaint/file`: the office files a complaint for a passenger who phoned, wrote or
// came to the desk (issue 39): the order's or a ticket's number, the passenger's e-mail (the
// confirmation and the answers go there), what happened, the language of those e-mails, and how it
// came (`received_via`). Sent with the admin's token to the same filing as the public form, with one
// Idempotency-Key per filled form (the same bytes on a retry, so a retry or a double click files once).
// The server's refusals are shown at their fields; the filed complaint's number links to its page.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useDayFormat } from '@/i18n/day-format';
import { isApiError } from '@/shared/api/api-error';
import { ComplaintFileInput, ReceivedViaValues } from '@/shared/api/limits.gen';
import { formatDisplayText } from '@/shared/lib/display-text';
import { attemptFor, type KeyedAttempt } from '@/shared/lib/idempotency-key';
import { problemText } from '@/shared/rules/problem-text';
import { email as emailRule } from '@/shared/rules/values';
import { Button } from '@/shared/ui/button';
import { complaintViaTexts } from '@/shared/ui/status-words';

import { useFileForPassenger, type FiledComplaint, type OfficeComplaintInput, type ReceivedVia } from '../api/complaints';
import { adminServerText } from '../lib/admin-errors';
import { useAdminHref } from '../lib/admin-path';
import { fieldErrorText } from '../lib/field-errors';
import { common } from '../messages/common-messages';
import { complaintTexts as t, complaintValues as v } from '../messages/complaint-messages';

import { AdminPage } from './admin-page';

type Field = 'number' | 'email' | 'text' | 'language' | 'received_via';
const FIELDS: readonly Field[] = ['number', 'email', 'text', 'language', 'received_via'];

const EMPTY: OfficeComplaintInput = { number: '', email: '', text: '', language: 'pl', received_via: 'phone' };

export function ComplaintOfficeForm() {
  const intl = useIntl();
  const id = useId();
  const href = useAdminHref();
  const { day } = useDayFormat();
  const file = useFileForPassenger();
  const [values, setValues] = useState<OfficeComplaintInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [filed, setFiled] = useState<FiledComplaint | null>(null);
  // This filled form's key and the bytes it was sent with: a retry sends both again.
  const attempt = useRef<KeyedAttempt | null>(null);
  const busy = useRef(false);

  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    const required = intl.formatMessage(t.required);
    if (!values.number.trim()) found.number = required;
    if (!values.text.trim()) found.text = required;
    const problem = emailRule(values.email);
    if (problem) found.email = problem.code === 'field.blank' ? required : formatDisplayText(intl, problemText(problem));
    return found;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    setFailure(null);
    const found = check();
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const input: OfficeComplaintInput = { ...values, number: values.number.trim(), email: values.email.trim() };
    attempt.current = attemptFor(attempt.current, JSON.stringify(input));
    busy.current = true;
    file.mutate(attempt.current, {
      onSettled: () => {
        busy.current = false;
      },
      onSuccess: (done) => {
        setFiled(done);
        setValues(EMPTY);
        attempt.current = null;
      },
      onError: (error) => {
        const byField: Partial<Record<Field, string>> = {};
        if (isApiError(error)) {
          for (const fieldError of error.errors) {
            const field = FIELDS.find((name) => name === fieldError.field);
            if (field && !byField[field]) byField[field] = fieldErrorText(intl, fieldError);
          }
        }
        setErrors(byField);
        if (Object.keys(byField).length > 0) return;
        const known = isApiError(error) ? adminServerText(error) : null;
        setFailure(known ? formatDisplayText(intl, known) : intl.formatMessage(t.failed));
      },
    });
  };

  const described = (field: Field) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });
  const error = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="form-field__error">
        {errors[field]}
      </p>
    ) : null;
  const set = (change: Partial<OfficeComplaintInput>) => {
    setFiled(null);
    setValues((current) => ({ ...current, ...change }));
  };

  return (
    <AdminPage
      title={intl.formatMessage(t.fileNew)}
      actions={
        <Link className="button button--secondary" to={href('complaint/complaint')}>
          {intl.formatMessage(common.backToList)}
        </Link>
      }
    >
      <p className="admin-note">{intl.formatMessage(t.fileLead)}</p>
      {filed ? (
        <div role="status" className="admin-complaint-form__done">
          <p>{intl.formatMessage(v.filed, { number: filed.number, respondBy: day(filed.respond_by) })}</p>
          <Link to={href(`complaint/complaint/${filed.id}`)}>{intl.formatMessage(t.openFiled)}</Link>
        </div>
      ) : null}
      <form className="admin-form" aria-label={intl.formatMessage(t.fileNew)} noValidate onSubmit={submit}>
        <div className="admin-form__grid">
          <div className="form-field">
            <label htmlFor={`${id}-number`} className="form-field__label form-field__label--required">
              {intl.formatMessage(t.fileNumber)}
            </label>
            <input
              id={`${id}-number`}
              className="form-field__input"
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={ComplaintFileInput.number.maxLength}
              aria-required
              value={values.number}
              onChange={(event) => set({ number: event.target.value })}
              {...described('number')}
            />
            {error('number')}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-email`} className="form-field__label form-field__label--required">
              {intl.formatMessage(t.fileEmail)}
            </label>
            <input
              id={`${id}-email`}
              type="email"
              inputMode="email"
              autoComplete="off"
              className="form-field__input"
              maxLength={ComplaintFileInput.email.maxLength}
              aria-required
              value={values.email}
              onChange={(event) => set({ email: event.target.value })}
              {...described('email')}
            />
            {error('email')}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-received_via`} className="form-field__label">
              {intl.formatMessage(t.fileVia)}
            </label>
            <select
              id={`${id}-received_via`}
              className="form-field__input"
              value={values.received_via}
              onChange={(event) => set({ received_via: ReceivedViaValues.find((via) => via === event.target.value) ?? values.received_via })}
              {...described('received_via')}
            >
              {ReceivedViaValues.map((via: ReceivedVia) => (
                <option key={via} value={via}>
                  {intl.formatMessage(complaintViaTexts[via])}
                </option>
              ))}
            </select>
            {error('received_via')}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-language`} className="form-field__label">
              {intl.formatMessage(t.fileLanguage)}
            </label>
            <select
              id={`${id}-language`}
              className="form-field__input"
              value={values.language}
              onChange={(event) => set({ language: event.target.value === 'en' ? 'en' : 'pl' })}
              {...described('language')}
            >
              <option value="pl">{intl.formatMessage(t.languagePl)}</option>
              <option value="en">{intl.formatMessage(t.languageEn)}</option>
            </select>
            {error('language')}
          </div>
          <div className="form-field admin-form__wide">
            <label htmlFor={`${id}-text`} className="form-field__label form-field__label--required">
              {intl.formatMessage(t.fileText)}
            </label>
            <textarea
              id={`${id}-text`}
              className="form-field__input"
              rows={8}
              maxLength={ComplaintFileInput.text.maxLength}
              aria-required
              value={values.text}
              onChange={(event) => set({ text: event.target.value })}
              {...described('text')}
            />
            {error('text')}
          </div>
        </div>
        {failure ? (
          <p role="alert" className="form-field__error">
            {failure}
          </p>
        ) : null}
        <div className="admin-form__actions">
          <Button type="submit" disabled={file.isPending}>
            {intl.formatMessage(file.isPending ? t.fileSending : t.fileSubmit)}
          </Button>
        </div>
      </form>
    </AdminPage>
  );
}
