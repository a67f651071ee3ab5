import * as z from 'zod/mini';

import { DiscountInput, DiscountKindValues } from '@/shared/api/limits.gen';
import type { ApiSchema } from '@/shared/api/schema';

import { DiscountValue } from '../components/discount-value';
import { defineArea } from '../lib/define-area';
import { formatMoney, moneyIssueKey, parseMoney, type MoneyRules } from '../lib/money-input';
import { datesInOrder, fromLocalInput, intText, requiredText, text, toLocalInput } from '../lib/validation';
import { areaTitles } from '../messages/area-titles';
import { common } from '../messages/common-messages';
import { fields } from '../messages/field-messages';

type Discount = ApiSchema<'Discount'>;

const KINDS = [
  { value: 'percent', label: fields.kindPercent },
  { value: 'amount', label: fields.kindAmount },
];

/** An amount discount's limits: at least a grosz, at most the server's `maximum` (grosze). */
const AMOUNT: MoneyRules = { allowZero: false, maxGrosze: DiscountInput.value.maximum };
const PERCENT = intText(1, 100);

/**
 * The value as its kind reads it: a percentage is a whole number 1–100, an amount is złoty typed
 * with a comma ("12,50", sent as 1250 grosze). The issue lands on `value`.
 */
const valueOfKind = z.superRefine<{ kind: 'percent' | 'amount'; value: string }>((values, ctx) => {
  let message: string | undefined;
  if (values.kind === 'amount') {
    const parsed = parseMoney(values.value, AMOUNT);
    if (!parsed.ok) message = moneyIssueKey(parsed.problem, AMOUNT);
  } else {
    message = z.safeParse(PERCENT, values.value).error?.issues[0]?.message;
  }
  if (message) ctx.issues.push({ code: 'custom', message, path: ['value'], input: values.value });
});

/** The discount value as the API takes it: a percentage, or grosze from the złoty typed. */
function valueForApi(kind: 'percent' | 'amount', typed: string): number {
  if (kind === 'percent') return Number(typed.trim());
  const parsed = parseMoney(typed, AMOUNT);
  return parsed.ok ? parsed.grosze : Number.NaN;
}

/** The discount form's checks; its limits are the server's (`DiscountInput`). */
export const discountSchema = z
  .object({
    name: requiredText(DiscountInput.name.maxLength),
    name_en: text(DiscountInput.name_en.maxLength),
    kind: z.enum(DiscountKindValues),
    value: z.string(),
    valid_from: z.string(),
    valid_to: z.string(),
    active: z.boolean(),
    statutory: z.boolean(),
    sort_order: intText(DiscountInput.sort_order.minimum, DiscountInput.sort_order.maximum),
  })
  .check(
    valueOfKind,
    datesInOrder(),
  );

/** Discounts: a percentage or an amount (typed in złoty, stored in grosze), valid from/to; the statutory ones marked. */
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
      { name: 'value', label: fields.value, kind: 'text', required: true, hint: fields.discountValueHint, inputProps: { inputMode: 'decimal' } },
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
      value: discount ? (discount.kind === 'amount' ? formatMoney(discount.value) : String(discount.value)) : '',
      valid_from: toLocalInput(discount?.valid_from),
      valid_to: toLocalInput(discount?.valid_to),
      active: discount?.active ?? true,
      statutory: discount?.statutory ?? false,
      sort_order: String(discount?.sort_order ?? 100),
    }),
    toInput: (values) => ({
      ...values,
      name: values.name.trim(),
      value: valueForApi(values.kind, values.value),
      sort_order: Number(values.sort_order),
      valid_from: fromLocalInput(values.valid_from),
      valid_to: fromLocalInput(values.valid_to),
    }),
  },
});
