import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';

import type { Area, AreaDef, FormValues } from './area';

/** An area without the generic form (its records have their own screen): nothing to edit there. */
const NO_FORM: Resolver<FormValues> = (values: FormValues) => ({ values, errors: {} });

/**
 * Declares an area with its record and form types checked, and erases them for the panel's list of
 * areas. The casts are sound because the panel only ever hands an area the records its own API answers
 * and the values its own form produced.
 */
export function defineArea<Model, Values extends FormValues>(def: AreaDef<Model, Values>): Area {
  const erase = <Args extends unknown[], Result>(fn: (...args: Args) => Result) =>
    fn as unknown as (...args: unknown[]) => Result;
  return {
    path: def.path,
    apiPath: def.apiPath ?? def.path,
    title: def.title,
    recordTitle: erase(def.recordTitle),
    newTitle: def.newTitle,
    idOf: erase(def.idOf),
    columns: def.columns as Area['columns'],
    filters: def.filters ?? [],
    defaultSort: def.defaultSort,
    fields: def.form?.fields ?? [],
    resolver: def.form ? (zodResolver(def.form.schema) as unknown as Resolver<FormValues>) : NO_FORM,
    toValues: def.form ? erase(def.form.toValues) : () => ({}),
    toInput: def.form ? erase(def.form.toInput) : (values) => values,
    aside: def.form?.aside as Area['aside'],
    canCreate: def.canCreate ?? (Boolean(def.form) && !def.listOnly),
    canDelete: def.canDelete ?? false,
    listActions: def.listActions,
    sections: (def.sections ?? []) as Area['sections'],
    record: def.record,
    listOnly: def.listOnly ?? false,
    create: { path: def.create?.path ?? 'new', label: def.create?.label ?? null },
  };
}
