import * as z from 'zod/mini';

import { DiscountInput } from '@/shared/api/limits.gen';
import type { ApiSchema } from '@/shared/api/schema';

import { DiscountValue } from '../components/discount-value';
import { defineArea } from '../lib/define-area';
import { datesInOrder, fieldCheck, fromLocalInput, intText, requiredText, text, toLocalInput } from '../lib/validation';
import { areaTitles } from '../messages/area-titles';
import { common } from '../messages/common-messages';
import { fields } from '../messages/field-messages';

type Discount = ApiSchema<'Discount'>;

const KINDS = [
  { value: 'percent', label: fields.kindPercent },
  { value: 'amount', label: fields.kindAmount },
];

/** The discount form's checks; its limits are the server's (`DiscountInput`). */
export const discountSchema = z
  .object({
    name: requiredText(DiscountInput.name.maxLength),
    name_en: text(DiscountInput.name_en.maxLength),
    kind: z.enum(['percent', 'amount']),
    value: intText(DiscountInput.value.minimum, DiscountInput.value.maximum),
    valid_from: z.string(),
    valid_to: z.string(),
    active: z.boolean(),
    statutory: z.boolean(),
    sort_order: intText(DiscountInput.sort_order.minimum, DiscountInput.sort_order.maximum),
  })
  .check(
    fieldCheck((values) => values.kind !== 'percent' || Number(values.value) <= 100, 'range|1|100', 'value'),
    datesInOrder(),
  );

/** Discounts: a percentage or an amount in grosz, valid from/to; the statutory ones marked. */
export const discountsArea = defineArea<Discount, z.infer<typeof discountSchema>>({
  path: 'course/discount',
  title: areaTitles.discounts,
  newTitle: fields.newDiscount,
  recordTitle: (discount) => discount.name,
  idOf: (discount) => discount.id,
  defaultSort: 'sort_order',
  columns: [
    { key: 'name', label: common.name, sortable: true },
    { key: 'value', label: fields.value, sortable: true, numeric: true, cell: (discount) => <DiscountValue discount={discount} /> },
    { key: 'statutory', label: fields.statutory, sortable: true },
    { key: 'active', label: common.active, sortable: true },
    { key: 'valid_from', label: common.validFrom, sortable: true },
    { key: 'valid_to', label: common.validTo, sortable: true },
    { key: 'sort_order', label: common.sortOrder, sortable: true, numeric: true },
  ],
  filters: [
    { field: 'name', op: 'like', label: common.name },
    { field: 'statutory', op: 'eq', label: fields.statutory, kind: 'select', options: [{ value: 'true', label: common.yes }, { value: 'false', label: common.no }] },
  ],
  form: {
    schema: discountSchema,
    fields: [
      { name: 'name', label: common.name, kind: 'text', required: true, wide: true },
      { name: 'name_en', label: common.nameEn, kind: 'text', wide: true },
      { name: 'kind', label: fields.kind, kind: 'select', options: KINDS, required: true },
      { name: 'value', label: fields.value, kind: 'number', required: true, hint: fields.discountValueHint },
      { name: 'valid_from', label: common.validFrom, kind: 'datetime' },
      { name: 'valid_to', label: common.validTo, kind: 'datetime' },
      { name: 'sort_order', label: common.sortOrder, kind: 'number', required: true },
      { name: 'active', label: common.active, kind: 'checkbox' },
      { name: 'statutory', label: fields.statutory, kind: 'checkbox' },
    ],
    toValues: (discount) => ({
      name: discount?.name ?? '',
      name_en: discount?.name_en ?? '',
      kind: discount?.kind ?? 'percent',
      value: discount ? String(discount.value) : '',
      valid_from: toLocalInput(discount?.valid_from),
      valid_to: toLocalInput(discount?.valid_to),
      active: discount?.active ?? true,
      statutory: discount?.statutory ?? false,
      sort_order: String(discount?.sort_order ?? 100),
    }),
    toInput: (values) => ({
      ...values,
      name: values.name.trim(),
      value: Number(values.value),
      sort_order: Number(values.sort_order),
      valid_from: fromLocalInput(values.valid_from),
      valid_to: fromLocalInput(values.valid_to),
    }),
  },
});
