// An admin area is a declaration (STYLE R19): what its list shows and filters, what its form edits and
// how form values become the API's body. One list screen and one form screen do the rest; an area
// adds a custom section only where it truly differs (a route's stops and prices, a menu's items).
import type { ComponentType, ReactNode } from 'react';
import type { Resolver } from 'react-hook-form';
import type { MessageDescriptor } from 'react-intl';
import type * as z from 'zod/mini';

/** What a form edits: the inputs' values, as text and booleans (numbers are parsed on save). */
export type FormValues = Record<string, unknown>;

export type FilterOp = 'eq' | 'like' | 'gte' | 'lte' | 'gt' | 'lt';

export interface Option {
  value: string;
  label: MessageDescriptor | string;
}

/** One filter of a list: `filter[field][op]` (docs/conventions.md, 'Lists'). */
export interface FilterDef {
  field: string;
  op: FilterOp;
  label: MessageDescriptor;
  /**
   * `date`: a day; on a timestamp field (`timestamp`) sent as its first (`gte`) or last (`lte`) second
   * in Warsaw time. `day`: one date input for a timestamp field that filters that whole day
   * (`[gte]` and `[lte]` both; declare it with `op: 'gte'`).
   */
  kind?: 'text' | 'date' | 'select' | 'day';
  timestamp?: boolean;
  options?: Option[];
  /** Options loaded from the API (e.g. routes). */
  useOptions?: () => Option[];
}

export interface ColumnDef<Model> {
  /** The API field, also its sort key when `sortable`. */
  key: string;
  label: MessageDescriptor;
  sortable?: boolean;
  /** How a cell shows; the field as text when absent. */
  cell?: (model: Model) => ReactNode;
  /** Numbers align right. */
  numeric?: boolean;
}

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  /** Złoty typed with a comma ("12,50"); the schema uses `moneySchema`, the API grosze. */
  | 'money'
  | 'checkbox'
  | 'select'
  | 'datetime'
  | 'date'
  | 'html'
  | 'custom';

export interface FieldDef {
  name: string;
  label: MessageDescriptor;
  kind: FieldKind;
  hint?: MessageDescriptor;
  required?: boolean;
  options?: Option[];
  /** The options, loaded; `current` is the field's value (an option the record already names may be
   * kept though no new record could choose it, e.g. an archived route). */
  useOptions?: (current?: string) => Option[];
  /** Shown but not changed when editing (the API keeps it). */
  readOnlyOnEdit?: boolean;
  /** Shown only when editing (or only when creating). */
  only?: 'create' | 'edit';
  /** Takes the whole row of the form grid. */
  wide?: boolean;
  /** A `custom` field's editor: gets the field's value and a setter. */
  render?: (props: CustomFieldProps) => ReactNode;
  /** Extra attributes for the input (step, min…). */
  inputProps?: Record<string, string | number>;
  /** Shown (and checked) only while the form's values say so (invoice data once an invoice is asked for). */
  visibleWhen?: (values: FormValues) => boolean;
  /** Under the input, inside the form (the NIP's "fill in from the VAT register"). */
  addon?: ComponentType;
}

export interface CustomFieldProps {
  value: unknown;
  onChange: (value: unknown) => void;
  id: string;
  labelId: string;
  error?: string;
}

export interface FormDef<Model, Values extends FormValues> {
  fields: FieldDef[];
  schema: z.ZodMiniType<Values, Values>;
  /** The form's values for a record (or for a new one). */
  toValues: (model: Model | undefined) => Values;
  /** The save body for these values. */
  toInput: (values: Values, model: Model | undefined) => unknown;
  /** Shown beside the form, with the values as typed (a banner's preview). */
  aside?: (values: Values) => ReactNode;
}

/** The record's page below its form: stops, prices, timetables… */
export type DetailSection<Model> = (props: { model: Model }) => ReactNode;

export interface AreaDef<Model, Values extends FormValues> {
  /** The admin path below /admin, e.g. `route/waypoint`; also the API path unless `apiPath`. */
  path: string;
  apiPath?: string;
  title: MessageDescriptor;
  /** The title of one record's page. */
  recordTitle: (model: Model) => string;
  newTitle: MessageDescriptor;
  idOf: (model: Model) => string | number;
  columns: ColumnDef<Model>[];
  filters?: FilterDef[];
  defaultSort: string;
  /** The generic record form; absent where the area has its own record screen (`record`). */
  form?: FormDef<Model, Values>;
  /** A record's own screen at `{path}/{id}` instead of the generic form (an order, an invoice). */
  record?: ComponentType;
  /** A read-only list without a page per record (the messages sent): its rows link nowhere. */
  listOnly?: boolean;
  /** Where the list's create button leads, below the area's path (default `new`), and its label. */
  create?: { path: string; label: MessageDescriptor };
  /** `false` when the API has no create (`POST …/save`). */
  canCreate?: boolean;
  /** The API has `DELETE …/delete?id=`. */
  canDelete?: boolean;
  /** Above the list: actions of the whole list (generate courses, a batch of coupons…). */
  listActions?: (props: { params: URLSearchParams }) => ReactNode;
  sections?: DetailSection<Model>[];
  /** After a save: where to go (the record's id may change, e.g. a coupon's code). */
}

/** An area with its types erased, so the panel can hold a list of them. */
export interface Area {
  path: string;
  apiPath: string;
  title: MessageDescriptor;
  recordTitle: (model: unknown) => string;
  newTitle: MessageDescriptor;
  idOf: (model: unknown) => string | number;
  columns: ColumnDef<unknown>[];
  filters: FilterDef[];
  defaultSort: string;
  fields: FieldDef[];
  resolver: Resolver<FormValues>;
  toValues: (model: unknown) => FormValues;
  toInput: (values: FormValues, model: unknown) => unknown;
  aside?: (values: FormValues) => ReactNode;
  canCreate: boolean;
  canDelete: boolean;
  listActions?: (props: { params: URLSearchParams }) => ReactNode;
  sections: DetailSection<unknown>[];
  record?: ComponentType;
  listOnly: boolean;
  create: { path: string; label: MessageDescriptor | null };
}
