// The zod pieces the area forms are made of. Form inputs hold text; these check it and the areas'
// `toInput` turn it into the API's numbers. An issue's message is a key of `validation` (messages),
// with values after `|` (`range|1|1000`), so the field shows it translated. The limits they are given
// are the server's, read from its document (@/shared/api/limits.gen), never restated here.
import * as z from 'zod/mini';

import { optional, type FieldProblem, type Rule } from '@/shared/rules/problem';

import { formatMoney, moneySchema, parseMoney } from './money-input';

/** No NUL character (pasted from another program): the server refuses a body that holds one. */
const noNul = z.refine<string>((value) => !value.includes('\u0000'), 'nul');

/** Text of at most `max` characters (the schema property's `maxLength`). */
export const text = (max: number) => z.string().check(z.maxLength(max, `tooLong|${max}`), noNul);
export const requiredText = (max: number) => z.string().check(z.trim(), z.minLength(1, 'required'), z.maxLength(max, `tooLong|${max}`), noNul);

/** A value rule's refusal as an issue's message: `required` when blank, else its code and its `max`
 * (`field.invalid_phone`, `field.too_long|254`), said from the one table of codes (field-errors.ts). */
export const problemKey = (problem: FieldProblem): string =>
  problem.code === 'field.blank' ? 'required' : problem.params ? `${problem.code}|${problem.params.max}` : problem.code;

/**
 * Text under a value's rule (src/shared/rules: the server's e-mail, phone, NIP, line…), checked as
 * typed (the server counts the length as sent), then trimmed. `optional`: blank is none.
 */
export const ruled = (rule: Rule, empty: 'required' | 'optional' = 'required') => {
  const check = empty === 'optional' ? optional(rule) : rule;
  return z.string().check(
    z.superRefine((value, ctx) => {
      const problem = check(value);
      // `continue`: the form's checks across fields still run (a zod issue aborts them otherwise).
      if (problem) ctx.issues.push({ code: 'custom', message: problemKey(problem), input: value, continue: true });
    }),
    z.trim(),
  );
};

/** A check of the whole form that puts a value rule's refusal at `field`, when `applies` (a Polish
 * invoice's NIP); blank is left to the form's `required` check. */
export const ruleAt = <T extends Record<string, unknown>>(field: keyof T & string, rule: Rule, applies: (values: T) => boolean) =>
  z.superRefine<T>((values, ctx) => {
    const value = values[field];
    if (typeof value !== 'string' || !applies(values)) return;
    const problem = rule(value);
    if (problem && problem.code !== 'field.blank') ctx.issues.push({ code: 'custom', message: problemKey(problem), path: [field], input: value, continue: true });
  });

const INTEGER = /^-?\d+$/;

/** A whole number from `min` to `max`, typed as text. */
export const intText = (min: number, max: number) =>
  z.string().check(
    z.trim(),
    z.minLength(1, 'required'),
    z.regex(INTEGER, 'integer'),
    z.refine((value) => !INTEGER.test(value) || (Number(value) >= min && Number(value) <= max), `range|${min}|${max}`),
  );

/** A whole number from `min` to `max` typed as text, or empty (none). */
export const optionalIntText = (min: number, max: number) =>
  z.string().check(
    z.trim(),
    z.refine((value) => value === '' || INTEGER.test(value), 'integer'),
    z.refine((value) => value === '' || !INTEGER.test(value) || (Number(value) >= min && Number(value) <= max), `range|${min}|${max}`),
  );

/** A decimal number (coordinates), or empty. */
export const optionalNumberText = (min: number, max: number) => {
  const number = (value: string) => Number(value.replace(',', '.'));
  return z.string().check(
    z.trim(),
    z.refine((value) => value === '' || Number.isFinite(number(value)), 'number'),
    z.refine((value) => value === '' || !Number.isFinite(number(value)) || (number(value) >= min && number(value) <= max), `range|${min}|${max}`),
  );
};

/** @deprecated Amounts are checked by `moneySchema` (./money-input), which names the field. */
export const moneyText = (maxGrosz: number) => moneySchema({ maxGrosze: maxGrosz });

/** @deprecated See `moneySchema` (./money-input) with `optional`. */
export const optionalMoneyText = (maxGrosz: number) => moneySchema({ optional: true, maxGrosze: maxGrosz });

/** A check of the whole form that puts its message at one field (`valid_to` before `valid_from`). */
export const fieldCheck = <T>(fn: (values: T) => boolean, message: string, field: string) => z.refine<T>(fn, { message, path: [field] });

/** Valid to not before valid from (either may be empty). */
export const datesInOrder = <T extends { valid_from: string; valid_to: string }>() =>
  fieldCheck<T>((values) => !values.valid_from || !values.valid_to || values.valid_from <= values.valid_to, 'dateOrder', 'valid_to');

/** @deprecated Złoty as typed to grosz: `parseMoney` (./money-input), which also says why not. */
export function toGrosz(value: string): number {
  const parsed = parseMoney(value);
  return parsed.ok ? parsed.grosze : Number.NaN;
}

/** @deprecated Grosz as złoty: `formatMoney` (./money-input). */
export const fromGrosz = formatMoney;

export const toNumber = (value: string): number => Number(value.trim().replace(',', '.'));
export const toOptionalNumber = (value: string): number | null => (value.trim() === '' ? null : toNumber(value));

/** An API timestamp as a `datetime-local` value in Warsaw time ("2026-07-12T07:30"). */
export function toLocalInput(instant: string | null | undefined): string {
  if (!instant) return '';
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Warsaw',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(instant));
  return parts.replace(' ', 'T');
}

/** A `datetime-local` value as the API's Warsaw time (`YYYY-MM-DD HH:MM:SS`), or null when empty. */
export function fromLocalInput(value: string): string | null {
  return value ? `${value.replace('T', ' ')}:00` : null;
}

/** A `datetime-local` value read as Warsaw time, as an RFC 3339 instant (for fields typed date-time). */
export function warsawLocalToIso(value: string): string | null {
  if (!value) return null;
  const asUtc = new Date(`${value}:00Z`);
  if (Number.isNaN(asUtc.getTime())) return null;
  const offset = new Date(`${toLocalInput(asUtc.toISOString())}:00Z`).getTime() - asUtc.getTime();
  return new Date(asUtc.getTime() - offset).toISOString();
}
