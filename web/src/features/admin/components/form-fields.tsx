// The inputs of the generic form, one per declared field; react-hook-form holds the values, so a
// failed save keeps everything typed.
import { lazy, Suspense, useId, type ChangeEvent, type Ref } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useIntl } from 'react-intl';

import { withMessages } from '@/i18n/catalogues';

import type { FieldDef, FormValues, Option } from '../lib/area';
import { validationText } from '../lib/field-errors';
import { moneyMessages } from '../lib/money-input';
import { common } from '../messages/common-messages';

import { OptionLabel } from './option-label';

// TipTap is large: its own chunk, loaded only by forms with an HTML field.
const REQUIRED_MARK = ' *';

const RichTextEditor = lazy(async () => ({ default: (await withMessages(import('./rich-text-editor'))).RichTextEditor }));

/** A controlled field's value as text (HTML fields hold strings). */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function useOptions(field: FieldDef, current: string): Option[] {
  const loaded = field.useOptions?.(current);
  return loaded ?? field.options ?? [];
}

/**
 * A select whose options may arrive after its value (routes from the API). The options are rendered
 * here, with the select, so the select re-renders when they come and shows its value among them (a
 * select whose options changed in a child component of its own would keep showing the first one).
 */
function SelectInput({
  field,
  common,
  ref,
  name,
  value,
  onChange,
  onBlur,
}: {
  field: FieldDef;
  common: Record<string, unknown>;
  ref: Ref<HTMLSelectElement>;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  onBlur: () => void;
}) {
  const options = useOptions(field, value);
  return (
    <select className="form-field__input" {...common} name={name} ref={ref} value={value} onChange={onChange} onBlur={onBlur}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          <OptionLabel label={option.label} />
        </option>
      ))}
    </select>
  );
}

function FieldInput({ field, id, describedBy, invalid, disabled }: { field: FieldDef; id: string; describedBy?: string; invalid: boolean; disabled: boolean }) {
  const { register, control } = useFormContext<FormValues>();
  const intl = useIntl();
  // A field the API keeps on an edit: text inputs are read-only (a disabled input would send no
  // value); selects and checkboxes, which cannot be read-only, are disabled.
  const lockable = field.kind === 'select' || field.kind === 'checkbox';
  const common = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
    'aria-required': field.required || undefined,
    ...(lockable ? { disabled } : { readOnly: disabled }),
    ...field.inputProps,
  };
  switch (field.kind) {
    case 'textarea':
      return <textarea className="form-field__input admin-textarea" {...common} {...register(field.name)} />;
    case 'checkbox':
      return <input type="checkbox" {...common} {...register(field.name)} />;
    case 'select':
      // Controlled: options loaded from the API (routes) arrive after the value, and must still show it.
      return (
        <Controller
          control={control}
          name={field.name}
          render={({ field: controlled }) => (
            <SelectInput
              field={field}
              common={common}
              ref={controlled.ref}
              name={controlled.name}
              value={textOf(controlled.value)}
              onChange={controlled.onChange}
              onBlur={controlled.onBlur}
            />
          )}
        />
      );
    case 'html':
    case 'custom':
      return (
        <Controller
          control={control}
          name={field.name}
          render={({ field: controlled }) =>
            field.kind === 'html' ? (
              <Suspense fallback={<textarea className="form-field__input admin-textarea" {...common} value={textOf(controlled.value)} readOnly data-loading="editor" />}>
                <RichTextEditor id={id} labelId={`${id}-label`} describedBy={describedBy} value={textOf(controlled.value)} onChange={controlled.onChange} />
              </Suspense>
            ) : (
              <>{field.render?.({ value: controlled.value, onChange: controlled.onChange, id, labelId: `${id}-label` })}</>
            )
          }
        />
      );
    case 'money':
      return (
        <span className="money-input">
          <input className="form-field__input money-input__field" type="text" inputMode="decimal" autoComplete="off" {...common} {...register(field.name)} />
          <span className="money-input__suffix" aria-hidden="true">
            {intl.formatMessage(moneyMessages.suffix)}
          </span>
        </span>
      );
    default: {
      const type = field.kind === 'datetime' ? 'datetime-local' : field.kind === 'date' ? 'date' : field.kind === 'number' ? 'text' : 'text';
      return (
        <input
          className="form-field__input"
          type={type}
          inputMode={field.kind === 'number' ? 'decimal' : undefined}
          {...common}
          {...register(field.name)}
        />
      );
    }
  }
}

export function FormField({ field, editing }: { field: FieldDef; editing: boolean }) {
  const intl = useIntl();
  const id = useId();
  const { formState } = useFormContext<FormValues>();
  const error = formState.errors[field.name];
  const message = error?.type === 'server' ? error.message : validationText(intl, error?.message, intl.formatMessage(field.label));
  const hintId = field.hint ? `${id}-hint` : undefined;
  const errorId = message ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const checkbox = field.kind === 'checkbox';
  const label = (
    <label id={`${id}-label`} htmlFor={id} className={checkbox ? undefined : 'form-field__label'}>
      {intl.formatMessage(field.label)}
      {field.required ? <span className="visually-hidden"> {intl.formatMessage(common.required)}</span> : null}
      {field.required ? <span aria-hidden="true">{REQUIRED_MARK}</span> : null}
    </label>
  );
  const classes = ['form-field', field.wide || field.kind === 'html' || field.kind === 'custom' ? 'admin-form__wide' : ''].join(' ');
  return (
    <div className={classes}>
      {checkbox ? (
        <div className="form-check">
          <FieldInput field={field} id={id} describedBy={describedBy} invalid={Boolean(message)} disabled={editing && Boolean(field.readOnlyOnEdit)} />
          {label}
        </div>
      ) : (
        <>
          {label}
          <FieldInput field={field} id={id} describedBy={describedBy} invalid={Boolean(message)} disabled={editing && Boolean(field.readOnlyOnEdit)} />
        </>
      )}
      {field.hint ? (
        <p id={hintId} className="form-field__hint">
          {intl.formatMessage(field.hint)}
        </p>
      ) : null}
      {message ? (
        <p id={errorId} className="form-field__error">
          {message}
        </p>
      ) : null}
      {field.addon ? <field.addon /> : null}
    </div>
  );
}
