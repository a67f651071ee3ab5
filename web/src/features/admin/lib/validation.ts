// The zod pieces the area forms are made of. Form inputs hold text; these check it and the areas'
// `toInput` turn it into the API's numbers. An issue's message is a key of `validation` (messages),
// with values after `|` (`range|1|1000`), so the field shows it translated. The limits they are given
// are the server's, read from its document (@/shared/api/limits.gen), never restated here.
import * as z from 'zod/mini';

import { isEmail } from '@/shared/api/email';

import { formatMoney, moneySchema, parseMoney } from './money-input';

/** No NUL character (pasted from another program): the server refuses a body that holds one. */
const noNul = z.refine<string>((value) => !value.includes('\u0000'), 'nul');

/** Text of at most `max` characters (the schema property's `maxLength`). */
export const text = (max: number) => z.string().check(z.maxLength(max, `tooLong|${max}`), noNul);
export const requiredText = (max: number) => z.string().check(z.trim(), z.minLength(1, 'required'), z.maxLength(max, `tooLong|${max}`), noNul);

/** An e-mail address under the site's one rule (@/shared/api/email), or empty; its length said first. */
export const optionalEmail = (max: number) =>
  z.string().check(z.trim(), z.maxLength(max, `tooLong|${max}`), z.refine((value) => value === '' || isEmail(value), 'email'));

/** An e-mail address under the site's one rule, required. */
export const requiredEmail = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, 'required'), z.maxLength(max, `tooLong|${max}`), z.refine(isEmail, 'email'));

const INTEGER = /^-?\d+$/;

/** A whole number from `min` to `max`, typed as text. */
export const intText = (min: number, max: number) =>
  z.string().check(
    z.trim(),
    z.minLength(1, 'required'),
    z.regex(INTEGER, 'integer'),
    z.refine((value) => !INTEGER.test(value) || (Number(value) >= min && Number(value) <= max), `range|${min}|${max}`),
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
