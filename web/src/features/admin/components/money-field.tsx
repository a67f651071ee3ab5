//! The panel's one amount input: złoty typed with a comma, "zł" after it, the refusal under it
//! naming the field. The value the form holds is the typed text; `parseMoney` turns it into grosze
//! when the form is sent, and `formatMoney` fills it from the API's grosze.
import { useId, type InputHTMLAttributes } from 'react';
import { useIntl } from 'react-intl';

import { moneyMessages } from '../lib/money-input';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'onChange' | 'value'>;

/** A text input for złoty ("12,50") with its currency; `error` is shown by the caller or below. */
export function MoneyInput({ value, onChange, invalid, describedBy, ...rest }: InputProps & { value: string; onChange: (typed: string) => void; invalid?: boolean; describedBy?: string }) {
  const intl = useIntl();
  return (
    <span className="money-input">
      <input
        {...rest}
        className={['form-field__input', 'money-input__field', rest.className ?? ''].join(' ').trim()}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      <span className="money-input__suffix" aria-hidden="true">
        {intl.formatMessage(moneyMessages.suffix)}
      </span>
    </span>
  );
}

const REQUIRED_MARK = ' *';

/** A labelled amount field with its error under it (for forms outside the generic record form); `required`
 * marks it as the panel's forms do. */
export function MoneyField({ label, value, onChange, error, hint, required, ...rest }: InputProps & { label: string; value: string; onChange: (typed: string) => void; error?: string | undefined; hint?: string | undefined }) {
  const generated = useId();
  const id = rest.id ?? generated;
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">
        {label}
        {required ? <span aria-hidden="true">{REQUIRED_MARK}</span> : null}
      </label>
      <MoneyInput {...rest} {...(required ? { 'aria-required': true } : {})} id={id} value={value} onChange={onChange} invalid={Boolean(error)} describedBy={describedBy} />
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="form-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
