// Złoty typed in the panel become grosze for the API, and grosze come back as złoty with a comma;
// a refused amount says which field and what to type.
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

import { MESSAGES } from '@/i18n/messages';

import { formatMoney, moneyIssueText, moneyProblemText, moneySchema, parseMoney } from './money-input';

describe('parseMoney', () => {
  it('reads złoty with a comma, a point or none as grosze, without floats', () => {
    expect(parseMoney('12,50')).toEqual({ ok: true, grosze: 1250 });
    expect(parseMoney('12.50')).toEqual({ ok: true, grosze: 1250 });
    expect(parseMoney('12')).toEqual({ ok: true, grosze: 1200 });
    expect(parseMoney('12,5')).toEqual({ ok: true, grosze: 1250 });
    expect(parseMoney(' 0,05 ')).toEqual({ ok: true, grosze: 5 });
    expect(parseMoney('1 234,56')).toEqual({ ok: true, grosze: 123456 });
    expect(parseMoney('0,29')).toEqual({ ok: true, grosze: 29 });
  });

  it('refuses more than two decimals, a negative amount, garbage and an empty field', () => {
    expect(parseMoney('12,505')).toEqual({ ok: false, problem: 'decimals' });
    expect(parseMoney('-5')).toEqual({ ok: false, problem: 'negative' });
    expect(parseMoney('−5,00')).toEqual({ ok: false, problem: 'negative' });
    expect(parseMoney('12 zł')).toEqual({ ok: false, problem: 'format' });
    expect(parseMoney('1,2,3')).toEqual({ ok: false, problem: 'format' });
    expect(parseMoney('abc')).toEqual({ ok: false, problem: 'format' });
    expect(parseMoney('\u0000')).toEqual({ ok: false, problem: 'format' });
    expect(parseMoney('')).toEqual({ ok: false, problem: 'required' });
  });

  it('keeps to the field’s rules: no zero for a price, a largest amount', () => {
    expect(parseMoney('0', { allowZero: false })).toEqual({ ok: false, problem: 'zero' });
    expect(parseMoney('0')).toEqual({ ok: true, grosze: 0 });
    expect(parseMoney('100000,00', { maxGrosze: 10_000_000 })).toEqual({ ok: true, grosze: 10_000_000 });
    expect(parseMoney('100000,01', { maxGrosze: 10_000_000 })).toEqual({ ok: false, problem: 'tooLarge' });
    expect(parseMoney('99999999999999999')).toEqual({ ok: false, problem: 'tooLarge' });
  });
});

describe('formatMoney', () => {
  it('shows grosze as złoty with a decimal comma', () => {
    expect(formatMoney(1250)).toBe('12,50');
    expect(formatMoney(5)).toBe('0,05');
    expect(formatMoney(0)).toBe('0,00');
    expect(formatMoney(123456)).toBe('1234,56');
    expect(formatMoney(-50)).toBe('-0,50');
  });

  it('round-trips every amount it formats', () => {
    for (const grosze of [0, 1, 9, 10, 99, 100, 1250, 999_999]) expect(parseMoney(formatMoney(grosze))).toEqual({ ok: true, grosze });
  });
});

describe('refusals', () => {
  const pl = createIntl({ locale: 'pl', messages: MESSAGES.pl });
  const en = createIntl({ locale: 'en', messages: MESSAGES.en });

  it('name the field and say what to type, in the panel’s language', () => {
    expect(moneyProblemText(pl, 'Cena', 'decimals')).toBe('Cena: najwyżej dwie cyfry po przecinku (grosze), np. 12,50.');
    expect(moneyProblemText(pl, 'Cena', 'negative')).toContain('Cena: kwota nie może być ujemna');
    expect(moneyProblemText(en, 'Price', 'zero')).toBe('Price: the amount must be more than zero (at least 0,01 zł).');
    expect(moneyProblemText(pl, 'Wartość', 'tooLarge', { maxGrosze: 10_000_000 })).toBe('Wartość: kwota jest za duża. Wpisz najwyżej 100000,00 zł.');
  });

  it('come out of the form schema as keys the form turns into a sentence with the label', () => {
    const schema = moneySchema({ maxGrosze: 100 });
    const issue = z.safeParse(schema, '1,005');
    expect(issue.success).toBe(false);
    const key = issue.error?.issues[0]?.message ?? '';
    expect(moneyIssueText(pl, 'Opłata', key)).toBe('Opłata: najwyżej dwie cyfry po przecinku (grosze), np. 12,50.');
    expect(moneyIssueText(pl, 'Opłata', z.safeParse(schema, '2').error?.issues[0]?.message ?? '')).toBe('Opłata: kwota jest za duża. Wpisz najwyżej 1,00 zł.');
    expect(z.safeParse(moneySchema({ optional: true }), '').success).toBe(true);
    expect(z.safeParse(moneySchema(), '').success).toBe(false);
  });
});
