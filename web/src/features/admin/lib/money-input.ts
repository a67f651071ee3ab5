//! Money as the panel's staff type it: złoty with a decimal comma ("12,50"), while the API stores
//! and sends grosze (integers). One parser and one formatter for every amount of the panel (prices,
//! discount amounts, coupon values, return fees, desk sales), so "12,50", "12.50" and "12" mean the
//! same everywhere and a refusal always says which field and what to type. Pure functions, no floats:
//! "0,1" + "0,2" must be 30 grosze, not 30.000000000000004.
import { defineMessages, type IntlShape, type NoMessageValues } from 'react-intl';
import * as z from 'zod/mini';

/** Why a typed amount was refused. */
export type MoneyProblem = 'required' | 'format' | 'decimals' | 'negative' | 'zero' | 'tooLarge';

/** A typed amount read: grosze, or why not. */
export type MoneyParse = { ok: true; grosze: number } | { ok: false; problem: MoneyProblem };

/** What an amount field accepts. */
export interface MoneyRules {
  /** The largest amount in grosze (the schema property's `maximum`); none by default. */
  maxGrosze?: number;
  /** Whether 0 is a valid amount (a free stretch is not; a fee of 0 zł is). Default: yes. */
  allowZero?: boolean;
}

// Digits, then a comma or a point with at least one digit; spaces (also no-break and thin ones, as
// pasted from a spreadsheet or a formatted number: JavaScript's \s has both) group thousands and
// are dropped first.
const AMOUNT = /^(\d+)(?:[.,](\d+))?$/;
const SPACES = /\s/g;

/** Złoty as typed -> grosze: "12,50", "12.50", "12,5", "1 234" -> 1250, 1250, 1250, 123400. */
export function parseMoney(typed: string, rules: MoneyRules = {}): MoneyParse {
  const text = typed.replace(SPACES, '');
  if (text === '') return { ok: false, problem: 'required' };
  const negative = /^[-−–]/.test(text);
  const match = AMOUNT.exec(negative ? text.slice(1) : text);
  if (!match) return { ok: false, problem: 'format' };
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > 2) return { ok: false, problem: 'decimals' };
  if (negative) return { ok: false, problem: 'negative' };
  if (whole.replace(/^0+/, '').length > 13) return { ok: false, problem: 'tooLarge' };
  const grosze = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (grosze === 0 && rules.allowZero === false) return { ok: false, problem: 'zero' };
  if (rules.maxGrosze !== undefined && grosze > rules.maxGrosze) return { ok: false, problem: 'tooLarge' };
  return { ok: true, grosze };
}

/** Grosze -> złoty for an input or a cell: 1250 -> "12,50", 5 -> "0,05", -50 -> "-0,50". */
export function formatMoney(grosze: number): string {
  const sign = grosze < 0 ? '-' : '';
  const absolute = Math.abs(Math.trunc(grosze));
  return `${sign}${Math.trunc(absolute / 100)},${String(absolute % 100).padStart(2, '0')}`;
}

/** Grosze -> złoty for an input that may be empty (null/undefined -> ""). */
export function formatOptionalMoney(grosze: number | null | undefined): string {
  return grosze === null || grosze === undefined ? '' : formatMoney(grosze);
}

/** A zod-style issue key for a refused amount (`money.decimals`, `money.tooLarge|100000,00`). */
export function moneyIssueKey(problem: MoneyProblem, rules: MoneyRules = {}): string {
  return problem === 'tooLarge' && rules.maxGrosze !== undefined ? `money.tooLarge|${formatMoney(rules.maxGrosze)}` : `money.${problem}`;
}

/**
 * A form field's zod schema for złoty typed as text: its issue is a `moneyIssueKey`, which the form
 * shows with the field's label (`validationText`). `optional` lets it be empty.
 */
export const moneySchema = (rules: MoneyRules & { optional?: boolean } = {}) =>
  z.string().check(
    z.superRefine((value: string, ctx) => {
      if (rules.optional && value.trim() === '') return;
      const parsed = parseMoney(value, rules);
      if (!parsed.ok) ctx.issues.push({ code: 'custom', message: moneyIssueKey(parsed.problem, rules), input: value });
    }),
  );

/** A form's text from `moneySchema` as grosze for the API (null when empty). */
export function toGroszeOrNull(typed: string): number | null {
  const parsed = parseMoney(typed);
  return parsed.ok ? parsed.grosze : null;
}

/** Whether a client-side issue key is one of this module's. */
export function isMoneyIssueKey(key: string): boolean {
  return key.startsWith('money.');
}

type FieldValues = { field: string };

/** The refusals that need only the field's name; `tooLarge` and `suffix` are below. */
const problemMessages = defineMessages<Record<Exclude<MoneyProblem, 'tooLarge'> | 'tooLargeNoMax', FieldValues>>({
  required: {
    id: 'admin.money.required',
    defaultMessage: '{field}: wpisz kwotę w złotych, np. 12,50.',
    description: 'An amount field left empty; {field} is the field’s label',
  },
  format: {
    id: 'admin.money.format',
    defaultMessage: '{field}: to nie jest kwota. Wpisz złote i grosze, np. 12,50 albo 12.',
    description: 'An amount field with text that is not a number; {field} is the field’s label',
  },
  decimals: {
    id: 'admin.money.decimals',
    defaultMessage: '{field}: najwyżej dwie cyfry po przecinku (grosze), np. 12,50.',
    description: 'An amount with more than two decimals; {field} is the field’s label',
  },
  negative: {
    id: 'admin.money.negative',
    defaultMessage: '{field}: kwota nie może być ujemna. Wpisz 0 lub więcej, np. 12,50.',
    description: 'A negative amount; {field} is the field’s label',
  },
  zero: {
    id: 'admin.money.zero',
    defaultMessage: '{field}: kwota musi być większa od zera (co najmniej 0,01 zł).',
    description: 'An amount of 0 where it must be positive (a price); {field} is the field’s label',
  },
  tooLargeNoMax: {
    id: 'admin.money.tooLargeNoMax',
    defaultMessage: '{field}: kwota jest za duża.',
    description: 'An amount too large to be stored; {field} is the field’s label',
  },
});

export const moneyMessages = defineMessages<{ tooLarge: FieldValues & { max: string }; suffix: NoMessageValues }>({
  tooLarge: {
    id: 'admin.money.tooLarge',
    defaultMessage: '{field}: kwota jest za duża. Wpisz najwyżej {max} zł.',
    description: 'An amount above the largest the server takes; {field} is the field’s label, {max} in złoty (100000,00)',
  },
  suffix: { id: 'admin.money.suffix', defaultMessage: 'zł', description: 'The currency after an amount input' },
});

/** A refused amount as a sentence that names the field: "Cena: najwyżej dwie cyfry po przecinku…". */
export function moneyProblemText(intl: IntlShape, field: string, problem: MoneyProblem, rules: MoneyRules = {}): string {
  if (problem === 'tooLarge') {
    return rules.maxGrosze === undefined
      ? intl.formatMessage(problemMessages.tooLargeNoMax, { field })
      : intl.formatMessage(moneyMessages.tooLarge, { field, max: formatMoney(rules.maxGrosze) });
  }
  return intl.formatMessage(problemMessages[problem], { field });
}

/** An issue key from `moneyIssueKey` as a sentence naming `field`; undefined for other keys. */
export function moneyIssueText(intl: IntlShape, field: string, key: string): string | undefined {
  if (!isMoneyIssueKey(key)) return undefined;
  const [name = '', max] = key.slice('money.'.length).split('|');
  if (name === 'tooLarge') {
    return max === undefined ? intl.formatMessage(problemMessages.tooLargeNoMax, { field }) : intl.formatMessage(moneyMessages.tooLarge, { field, max });
  }
  return name in problemMessages ? intl.formatMessage(problemMessages[name as keyof typeof problemMessages], { field }) : undefined;
}
