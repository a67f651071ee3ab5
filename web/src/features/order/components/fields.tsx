// The order form's inputs: labelled, with the error read together with the field
// (aria-describedby), and a stable id per form key so the error summary can link to the field.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';

import { TextField } from '@/shared/ui/text-field';

import { fieldId } from '../utils/field-id';

function describedBy(id: string, hint?: ReactNode, error?: string): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

interface FieldMessagesProps {
  id: string;
  hint?: ReactNode;
  error?: string;
}

function FieldMessages({ id, hint, error }: FieldMessagesProps) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}

interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  fieldKey: string;
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** The shared TextField, with the id and name of its form key. */
export function TextInput({ fieldKey, ...props }: TextInputProps) {
  return <TextField id={fieldId(fieldKey)} name={fieldKey} {...props} />;
}

interface SelectInputProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> {
  fieldKey: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

export function SelectInput({ fieldKey, label, error, hint, className, children, ...props }: SelectInputProps) {
  const id = fieldId(fieldKey);
  return (
    <div className={['form-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      <select
        id={id}
        name={fieldKey}
        className="form-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...props}
      >
        {children}
      </select>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'type'> {
  fieldKey: string;
  label: ReactNode;
  error?: string;
}

export function Checkbox({ fieldKey, label, error, required, ...props }: CheckboxProps) {
  const id = fieldId(fieldKey);
  return (
    <div className="form-field">
      <div className="form-check">
        <input
          id={id}
          name={fieldKey}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-required={required ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...props}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldMessages id={id} error={error} />
    </div>
  );
}
