// Company settings (spec §3 and every *setting* of DECISIONS.md), as the generic form edits them.
import * as z from 'zod/mini';

import type { ApiSchema } from '@/shared/api/schema';

import { settingsTexts as t } from '../messages/settings-messages';

import type { FieldDef } from './area';
import { fromGrosz, intText, moneyText, requiredText, text, toGrosz } from './validation';

type Settings = ApiSchema<'SettingsView'>;

export const settingsSchema = z.object({
  name: requiredText(200),
  invoice_prefix: z.string().check(z.trim(), z.regex(/^[A-Z0-9/-]{1,20}$/, 'invalid')),
  invoice_issuer: text(1000),
  invoice_email: text(200),
  order_report_email: text(200),
  page_footer_1: text(),
  page_footer_1_en: text(),
  page_footer_2: text(),
  page_footer_2_en: text(),
  refresh_time: intText(0, 31_536_000),
  vat_rate_percent: intText(0, 100),
  payment_time_minutes: intText(1, 1440),
  sales_close_minutes: intText(0, 1440),
  return_cutoff_minutes: intText(0, 10_080),
  return_fee_percent: intText(0, 100),
  stamps_per_reward: intText(1, 1000),
  reward_value: moneyText(),
});

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
  { name: 'reward_value', label: t.rewardValue, kind: 'number', required: true },
  { name: 'page_footer_1', label: t.footer1, kind: 'html' },
  { name: 'page_footer_2', label: t.footer2, kind: 'html' },
  { name: 'page_footer_1_en', label: t.footer1En, kind: 'html' },
  { name: 'page_footer_2_en', label: t.footer2En, kind: 'html' },
];

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
    reward_value: fromGrosz(settings.reward_value),
  };
}

export function settingsInput(values: SettingsValues) {
  return {
    ...values,
    ...Object.fromEntries(NUMBERS.map((key) => [key, Number(values[key])])),
    reward_value: toGrosz(values.reward_value),
  };
}
