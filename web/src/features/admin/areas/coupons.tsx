import * as z from 'zod/mini';

import { SaveInput, SaveInputPatterns } from '@/shared/api/limits.gen';
import type { ApiSchema } from '@/shared/api/schema';

import { CouponBatch } from '../components/coupon-batch';
import { CouponUsages } from '../components/coupon-usages';
import { ListExportButtons } from '../components/export-buttons';
import { Money } from '../components/formatted';
import { defineArea } from '../lib/define-area';
import { COUPONS_EXPORT } from '../lib/exports';
import { formatMoney, moneySchema, parseMoney } from '../lib/money-input';
import { toLocalInput, warsawLocalToIso } from '../lib/validation';
import { areaTitles } from '../messages/area-titles';
import { common } from '../messages/common-messages';
import { fields } from '../messages/field-messages';

type Coupon = ApiSchema<'CouponDetails'>;

/** The server's code pattern (`SaveInput.code`), empty allowed: a new coupon without one gets a random code. */
const CODE = new RegExp(`^(?:${SaveInputPatterns.code.replace(/^\^|\$$/g, '')})?$`);

/** Złoty typed (checked by the schema) as grosze; an empty field as `empty`. */
const grosze = (typed: string, empty: number | null): number | null => {
  const parsed = parseMoney(typed);
  return parsed.ok ? parsed.grosze : empty;
};

/** The coupon form's checks; its limits are the server's (`SaveInput`). */
export const couponSchema = z.object({
  code: z.string().check(z.trim(), z.regex(CODE, 'invalid')),
  // Required on a new coupon: the server says so at the field (422) when it is left empty.
  value: moneySchema({ optional: true, allowZero: false, maxGrosze: SaveInput.value.maximum }),
  current_value: moneySchema({ optional: true, maxGrosze: SaveInput.current_value.maximum }),
  expires_at: z.string(),
});


const yesNo = [
  { value: 'true', label: common.yes },
  { value: 'false', label: common.no },
];

/**
 * Coupons, by code: initial and current value, usages, used or not; one at a time here, or a batch of
 * N random codes and the filtered list as CSV or XLSX from the list's actions.
 */
export const couponsArea = defineArea<Coupon, z.infer<typeof couponSchema>>({
  path: 'course/coupon',
  apiPath: 'order/coupon',
  title: areaTitles.coupons,
  newTitle: fields.newCoupon,
  recordTitle: (coupon) => coupon.code,
  idOf: (coupon) => coupon.code,
  defaultSort: '-issued_at',
  columns: [
    { key: 'code', label: fields.code, sortable: true },
    { key: 'initial_value', label: fields.initialValue, sortable: true, numeric: true, cell: (coupon) => <Money grosz={coupon.initial_value} /> },
    { key: 'current_value', label: fields.currentValue, sortable: true, numeric: true, cell: (coupon) => <Money grosz={coupon.current_value} /> },
    { key: 'usages', label: fields.usages, sortable: true, numeric: true },
    { key: 'used', label: fields.used, sortable: true },
    { key: 'expires_at', label: fields.expiresAt, sortable: true },
    { key: 'origin', label: fields.origin },
    { key: 'issued_at', label: fields.issuedAt, sortable: true },
  ],
  filters: [
    { field: 'code', op: 'like', label: fields.code },
    { field: 'used', op: 'eq', label: fields.used, kind: 'select', options: yesNo },
  ],
  listActions: ({ params }) => (
    <>
      <p className="admin-list-actions">
        <ListExportButtons spec={COUPONS_EXPORT} apiPath="order/coupon" params={params} />
      </p>
      <CouponBatch />
    </>
  ),
  form: {
    schema: couponSchema,
    fields: [
      { name: 'code', label: fields.code, kind: 'text', hint: fields.codeHint, only: 'create' },
      { name: 'value', label: fields.initialValue, kind: 'money', required: true, only: 'create' },
      { name: 'current_value', label: fields.currentValue, kind: 'money', only: 'edit' },
      { name: 'expires_at', label: fields.expiresAt, kind: 'datetime' },
    ],
    toValues: (coupon) => ({
      code: coupon?.code ?? '',
      value: '',
      // A create answers only the code and value (CouponAnswer); the page then reads the whole coupon.
      current_value: typeof coupon?.current_value === 'number' ? formatMoney(coupon.current_value) : '',
      expires_at: toLocalInput(coupon?.expires_at),
    }),
    toInput: (values, coupon) => {
      const expires_at = warsawLocalToIso(values.expires_at);
      return coupon
        ? { current_value: grosze(values.current_value, 0), expires_at }
        : { code: values.code.trim() || null, value: grosze(values.value, null), expires_at };
    },
  },
  sections: [({ model }) => <CouponUsages usages={model.orders} />],
});
