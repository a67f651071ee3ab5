import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

import './forms.css';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  /** A translated error for this field; marks the input invalid and is read with it. */
  error?: string;
  hint?: ReactNode;
  /** A stable id (e.g. for an error summary's links); a generated one otherwise. */
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input with its hint and error tied to it (`aria-describedby`), so screen readers read
 * the error when the field gets focus. Required fields get `aria-required` rather than `required`:
 * the forms validate themselves (`noValidate`) to show translated messages.
 */
export function TextField({ label, error, hint, required, className, ref, id: givenId, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={['form-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={required ? 'form-field__label form-field__label--required' : 'form-field__label'}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        className="form-field__input"
        aria-invalid={error ? true : undefined}
        aria-required={required ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
