// Company settings (docs/settings.md: every value marked *setting* in docs/), as the generic form edits them.
import * as z from 'zod/mini';

import { SettingsInput as S, SettingsInputPatterns } from '@/shared/api/limits.gen';
import type { ApiSchema } from '@/shared/api/schema';
import { normaliseNip } from '@/shared/rules/nip';
import { email, nip, postalCode } from '@/shared/rules/values';

import { settingsTexts as t } from '../messages/settings-messages';

import type { FieldDef } from './area';
import { formatMoney, moneySchema, toGroszeOrNull } from './money-input';
import { intText, requiredText, ruleAt, ruled, text } from './validation';

type Settings = ApiSchema<'SettingsView'>;

export const settingsSchema = z.object({
  name: requiredText(S.name.maxLength),
  invoice_prefix: z.string().check(z.trim(), z.regex(new RegExp(SettingsInputPatterns.invoice_prefix, 'u'), 'invalid')),
  invoice_issuer: text(S.invoice_issuer.maxLength),
  invoice_email: ruled(email, 'optional'),
  order_report_email: ruled(email, 'optional'),
  page_footer_1: text(S.page_footer_1.maxLength),
  page_footer_1_en: text(S.page_footer_1_en.maxLength),
  page_footer_2: text(S.page_footer_2.maxLength),
  page_footer_2_en: text(S.page_footer_2_en.maxLength),
  refresh_time: intText(S.refresh_time.minimum, S.refresh_time.maximum),
  vat_rate_percent: intText(S.vat_rate_percent.minimum, S.vat_rate_percent.maximum),
  payment_time_minutes: intText(S.payment_time_minutes.minimum, S.payment_time_minutes.maximum),
  sales_close_minutes: intText(S.sales_close_minutes.minimum, S.sales_close_minutes.maximum),
  return_cutoff_minutes: intText(S.return_cutoff_minutes.minimum, S.return_cutoff_minutes.maximum),
  return_fee_percent: intText(S.return_fee_percent.minimum, S.return_fee_percent.maximum),
  stamps_per_reward: intText(S.stamps_per_reward.minimum, S.stamps_per_reward.maximum),
  reward_value: moneySchema({ allowZero: false, maxGrosze: S.reward_value.maximum }),
  // The seller on invoices: each may be empty until the company is set up; what is given must be right.
  tax_id: ruled(nip, 'optional'),
  address: text(S.address.maxLength),
  postal_code: text(S.postal_code.maxLength),
  city: text(S.city.maxLength),
  country: z.string().check(z.trim(), z.regex(/^[A-Za-z]{2}$/, 'invalid')),
  ksef_send_consumers: z.boolean(),
}).check(
  // As the server: a Polish address's postal code is 00-000 (the one rule, src/shared/rules).
  ruleAt<{ postal_code: string; country: string }>('postal_code', postalCode, (v) => v.country.trim().toUpperCase() === 'PL'),
);

export type SettingsValues = z.infer<typeof settingsSchema>;

const NUMBERS = ['refresh_time', 'vat_rate_percent', 'payment_time_minutes', 'sales_close_minutes', 'return_cutoff_minutes', 'return_fee_percent', 'stamps_per_reward'] as const;

export const SETTINGS_FIELDS: FieldDef[] = [
  { name: 'name', label: t.companyName, kind: 'text', required: true },
  { name: 'invoice_prefix', label: t.invoicePrefix, kind: 'text', required: true, hint: t.invoicePrefixHint },
  { name: 'invoice_issuer', label: t.invoiceIssuer, kind: 'textarea' },
  { name: 'invoice_email', label: t.invoiceEmail, kind: 'text', inputProps: { type: 'email' } },
  { name: 'order_report_email', label: t.reportEmail, kind: 'text', inputProps: { type: 'email' } },
  { name: 'refresh_time', label: t.refreshTime, kind: 'number', required: true },
  { name: 'vat_rate_percent', label: t.vat, kind: 'number', required: true },
  { name: 'payment_time_minutes', label: t.paymentTime, kind: 'number', required: true },
  { name: 'sales_close_minutes', label: t.salesClose, kind: 'number', required: true },
  { name: 'return_cutoff_minutes', label: t.returnCutoff, kind: 'number', required: true },
  { name: 'return_fee_percent', label: t.returnFee, kind: 'number', required: true },
  { name: 'stamps_per_reward', label: t.stampsPerReward, kind: 'number', required: true },
  { name: 'reward_value', label: t.rewardValue, kind: 'money', required: true },
  { name: 'tax_id', label: t.taxId, kind: 'text', hint: t.taxIdHint, inputProps: { autoComplete: 'off' } },
  { name: 'address', label: t.address, kind: 'text', wide: true },
  { name: 'postal_code', label: t.postalCode, kind: 'text' },
  { name: 'city', label: t.city, kind: 'text' },
  { name: 'country', label: t.country, kind: 'text', hint: t.countryHint, inputProps: { maxLength: 2, autoComplete: 'off' } },
  { name: 'ksef_send_consumers', label: t.ksefSendConsumers, kind: 'checkbox', hint: t.ksefSendConsumersHint, wide: true },
  { name: 'page_footer_1', label: t.footer1, kind: 'html' },
  { name: 'page_footer_2', label: t.footer2, kind: 'html' },
  { name: 'page_footer_1_en', label: t.footer1En, kind: 'html' },
  { name: 'page_footer_2_en', label: t.footer2En, kind: 'html' },
];

/** The seller on invoices, shown together as one fieldset of the form. */
export const SELLER_FIELDSET = {
  legend: t.seller,
  hint: t.sellerHint,
  fields: ['tax_id', 'address', 'postal_code', 'city', 'country'],
};

export function settingsValues(settings: Settings): SettingsValues {
  return {
    name: settings.name,
    invoice_prefix: settings.invoice_prefix,
    invoice_issuer: settings.invoice_issuer,
    invoice_email: settings.invoice_email,
    order_report_email: settings.order_report_email,
    page_footer_1: settings.page_footer_1,
    page_footer_1_en: settings.page_footer_1_en,
    page_footer_2: settings.page_footer_2,
    page_footer_2_en: settings.page_footer_2_en,
    ...(Object.fromEntries(NUMBERS.map((key) => [key, String(settings[key])])) as Record<(typeof NUMBERS)[number], string>),
    reward_value: formatMoney(settings.reward_value),
    tax_id: settings.tax_id,
    address: settings.address,
    postal_code: settings.postal_code,
    city: settings.city,
    country: settings.country,
    ksef_send_consumers: settings.ksef_send_consumers,
  };
}

export function settingsInput(values: SettingsValues) {
  return {
    ...values,
    ...Object.fromEntries(NUMBERS.map((key) => [key, Number(values[key])])),
    reward_value: toGroszeOrNull(values.reward_value),
    // The server keeps the NIP's ten digits and a capital country code; send them so.
    tax_id: normaliseNip(values.tax_id),
    country: values.country.trim().toUpperCase(),
  };
}
