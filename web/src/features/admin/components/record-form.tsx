// The one form of every area: react-hook-form with the area's zod schema, `POST …/save` for a new
// record and `PUT …/save?id=` for an edit, the server's 422 field errors at their fields, toasts, a
// question before leaving unsaved changes, and delete with confirmation where the API has one.
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useIntl, type MessageDescriptor } from 'react-intl';

import { isApiError } from '@/shared/api/api-error';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';

import { adminErrorToast } from '../lib/admin-errors';
import type { FieldDef, FormValues } from '../lib/area';
import { fieldErrorText, formFieldOf } from '../lib/field-errors';
import { useUnsavedChanges } from '../lib/unsaved-registry';
import { common } from '../messages/common-messages';

import { ConfirmDialog } from './confirm-dialog';
import { FormField } from './form-fields';

/** Fields shown together in a fieldset with a legend, where the first of them would be (the seller on invoices). */
export interface FieldSet {
  legend: MessageDescriptor;
  hint?: MessageDescriptor;
  /** Names of fields of `fields`. */
  fields: string[];
}

export interface RecordFormProps {
  fields: FieldDef[];
  /** Groups of the fields, each shown as one fieldset. */
  fieldsets?: FieldSet[];
  resolver: Resolver<FormValues>;
  defaultValues: FormValues;
  editing: boolean;
  /** Sends the values; answers the saved record's values (the form starts again from them). */
  save: (values: FormValues) => Promise<FormValues>;
  /** Deletes the record (only where the API can). */
  remove?: () => Promise<void>;
  aside?: (values: FormValues) => ReactNode;
  /** Below the fields, beside the save button. */
  extraActions?: ReactNode;
  /** The form field of an API error's field, when they are not named alike (`customer.email` -> `email`). */
  fieldOf?: (apiField: string) => string;
  /** Above the fields (a note on what saving does). */
  intro?: ReactNode;
}

function Aside({ render }: { render: (values: FormValues) => ReactNode }) {
  const values = useWatch<FormValues>();
  return <>{render(values)}</>;
}

export function RecordForm({ fields, fieldsets = [], resolver, defaultValues, editing, save, remove, aside, extraActions, fieldOf = formFieldOf, intro }: RecordFormProps) {
  const intl = useIntl();
  const form = useForm<FormValues>({ resolver, defaultValues });
  const values = useWatch({ control: form.control });
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  // Set while a save or delete navigates away on purpose, so the leave guard lets it through.
  const leavingRef = useRef(false);
  const names = new Set(
    fields
      .filter((field) => !field.only || field.only === (editing ? 'edit' : 'create'))
      .filter((field) => !field.visibleWhen || field.visibleWhen(values))
      .map((f) => f.name),
  );
  const visible = fields.filter((field) => names.has(field.name));

  const mutation = useMutation({ mutationFn: save, meta: { loader: true } });
  const removal = useMutation({ mutationFn: async () => remove?.(), meta: { loader: true } });

  const onValid = async (values: FormValues) => {
    setOtherErrors([]);
    // A new record's page moves to its id once saved: that is no leaving with unsaved changes.
    leavingRef.current = true;
    try {
      const saved = await mutation.mutateAsync(values);
      form.reset(saved);
      leavingRef.current = false;
      showToast({ type: 'success', message: common.saved });
    } catch (error) {
      leavingRef.current = false;
      if (isApiError(error) && error.status === 422 && error.errors.length > 0) {
        const unplaced: string[] = [];
        for (const fieldError of error.errors) {
          const name = fieldOf(fieldError.field);
          const text = fieldErrorText(intl, fieldError);
          if (names.has(name)) form.setError(name, { type: 'server', message: text }, { shouldFocus: true });
          else unplaced.push(`${fieldError.field}: ${text}`);
        }
        setOtherErrors(unplaced);
        showToast({ type: 'danger', message: common.saveFailed });
      } else {
        showToast(adminErrorToast(error));
      }
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(onValid)(event);

  const dirty = form.formState.isDirty;
  const guard = useCallback(() => dirty && !leavingRef.current, [dirty]);
  useUnsavedChanges(guard);

  return (
    <FormProvider {...form}>
      <div className={aside ? 'admin-form-layout admin-form-layout--aside' : 'admin-form-layout'}>
        <form className="admin-form" noValidate onSubmit={submit}>
          {otherErrors.length > 0 ? (
            <div className="form-error-summary" role="alert">
              <p>{intl.formatMessage(common.formErrors)}</p>
              <ul>
                {otherErrors.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {intro}
          <div className="admin-form__grid">
            {visible.map((field) => {
              const set = fieldsets.find((group) => group.fields.includes(field.name));
              if (!set) return <FormField key={field.name} field={field} editing={editing} />;
              // The whole set where its first visible field is; nothing for the others.
              const members = visible.filter((member) => set.fields.includes(member.name));
              if (members[0] !== field) return null;
              return (
                <fieldset key={`set-${set.legend.id ?? field.name}`} className="admin-fieldset admin-form__wide">
                  <legend className="admin-fieldset__legend">{intl.formatMessage(set.legend)}</legend>
                  {set.hint ? <p className="form-field__hint">{intl.formatMessage(set.hint)}</p> : null}
                  <div className="admin-form__grid">
                    {members.map((member) => (
                      <FormField key={member.name} field={member} editing={editing} />
                    ))}
                  </div>
                </fieldset>
              );
            })}
          </div>
          <div className="admin-form__actions">
            <Button type="submit" disabled={mutation.isPending}>
              {intl.formatMessage(mutation.isPending ? common.saving : common.save)}
            </Button>
            {extraActions}
            {remove ? (
              <Button variant="secondary" className="button--danger-outline" onClick={() => setConfirming(true)}>
                {intl.formatMessage(common.delete)}
              </Button>
            ) : null}
          </div>
        </form>
        {aside ? (
          <aside className="admin-form-aside" aria-label={intl.formatMessage(common.preview)}>
            <h2 className="admin-section__title">{intl.formatMessage(common.preview)}</h2>
            <Aside render={aside} />
          </aside>
        ) : null}
      </div>
      {confirming ? (
        <ConfirmDialog
          title={intl.formatMessage(common.confirmDeleteTitle)}
          text={intl.formatMessage(common.confirmDeleteText)}
          confirmLabel={intl.formatMessage(common.delete)}
          cancelLabel={intl.formatMessage(common.cancel)}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            leavingRef.current = true;
            removal.mutate(undefined, {
              onSuccess: () => showToast({ type: 'success', message: common.deleted }),
              onError: (error) => {
                leavingRef.current = false;
                showToast(adminErrorToast(error));
              },
            });
          }}
        />
      ) : null}
    </FormProvider>
  );
}
