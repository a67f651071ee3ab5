// The site's one e-mail rule (the server's: api-core's e-mail type; src/shared/rules/values.ts), as a
// table, and every form that takes an address refusing with it: what one form takes, none refuses; and
// each says the refusal in the same words, the server's answer's (the one table of codes).
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';

import { fieldErrorText, validationText } from '@/features/admin/lib/field-errors';
import { customerShape } from '@/features/admin/lib/order-form';
import { settingsSchema } from '@/features/admin/lib/settings-form';
import { checkEmail } from '@/features/auth/lib/validation';
import { validateCustomer } from '@/features/order/utils/order-validation';
import pl from '@/i18n/messages/pl.json';
import { ContactInput, Values } from '@/shared/api/limits.gen';
import { formatDisplayText } from '@/shared/lib/display-text';
import type { FieldProblem } from '@/shared/rules/problem';
import { problemText } from '@/shared/rules/problem-text';
import { email as emailRule } from '@/shared/rules/values';

const isEmail = (email: string) => emailRule(email) === null;

const polish = createIntl({ locale: 'pl', defaultLocale: 'pl', messages: pl });

const ACCEPTED = [
  'jan.kowalski@example.com',
  'a.b+c@example.co.uk',
  'Jan+bilety@Example.PL',
  'a@b.co',
  "!#$%&'*+/=?^_`{|}~-@example.com",
  'x@sub-domain.example.com',
  '  jan@example.com  ', // trimmed first, as the server trims it
  `${'a'.repeat(64)}@example.com`,
  `${'a'.repeat(61)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}.pl`, // exactly 254
];

const REFUSED: [string, string][] = [
  ['john😀@example.com', 'a character outside ASCII'],
  ['żaneta@example.pl', 'a Polish letter in the local part'],
  ['jan@przykład.pl', 'a Polish letter in the domain'],
  ['a..b@example.com', 'two dots in a row'],
  ['.jan@example.com', 'a dot first'],
  ['jan.@example.com', 'a dot last'],
  ['jan', 'no @'],
  ['jan@', 'no domain'],
  ['@example.pl', 'no local part'],
  ['jan@@example.pl', 'two @'],
  ['jan@example@pl', 'an @ in the domain'],
  ['jan kowalski@example.pl', 'a space'],
  ['"jan"@example.pl', 'quotes'],
  ['jan(x)@example.pl', 'a comment'],
  ['jan@localhost', 'one label'],
  ['jan@example..pl', 'an empty label'],
  ['jan@.example.pl', 'a dot first in the domain'],
  ['jan@example.pl.', 'a dot last in the domain'],
  ['jan@-example.pl', 'a hyphen starting a label'],
  ['jan@example-.pl', 'a hyphen ending a label'],
  ['jan@example.p', 'a last label of one letter'],
  ['jan@example.p1', 'a last label with a digit'],
  ['jan@exa_mple.pl', 'an underscore in the domain'],
  ['jan@[127.0.0.1]', 'an address literal'],
  [`${'a'.repeat(65)}@example.com`, 'a local part of 65 characters (the server refuses it; this table took one of 242 before)'],
  [` ${'a'.repeat(61)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}.pl`, '255 characters as sent'],
];

describe('the e-mail rule', () => {
  it.each(ACCEPTED)('accepts %j', (email) => {
    expect(emailRule(email)).toBeNull();
  });

  it.each(REFUSED)('refuses %j (%s)', (email) => {
    expect(isEmail(email)).toBe(false);
  });

  it('says why with the server’s codes: blank, too long, or not an address', () => {
    expect(emailRule('   ')).toEqual({ code: 'field.blank' });
    expect(emailRule(`${'a'.repeat(250)}@example.com`)).toEqual({ code: 'field.too_long', params: { max: 254 } });
    expect(emailRule('a..b@example.com')).toEqual({ code: 'field.invalid_email' });
  });

  it('has the server’s length, from its document', () => {
    expect(Values.Email.maxLength).toBe(ContactInput.email.maxLength);
    expect(Values.Email.maxLength).toBe(254);
  });
});

describe('every form that takes an e-mail', () => {
  const admin = (email: string) => customerShape.email.safeParse(email).success;
  const settings = (email: string) =>
    settingsSchema.shape.invoice_email.safeParse(email).success && settingsSchema.shape.order_report_email.safeParse(email).success;
  const order = (email: string) => validateCustomer({ first_name: 'J', last_name: 'K', email, phone: '600100200', consent_statute: 1, consent_gdpr: 1, notify_by_sms: 0, id: null })['customer.email'] === undefined;
  const account = (email: string) => checkEmail(email) === undefined;

  it('takes what the rule takes', () => {
    for (const email of ACCEPTED) expect([order(email), account(email), admin(email), settings(email)], email).toEqual([true, true, true, true]);
  });

  it('refuses what the rule refuses', () => {
    for (const [email] of REFUSED) expect([order(email), account(email), admin(email), settings(email)], email).toEqual([false, false, false, false]);
  });

  it('refuses john😀@example.com with a sentence that names the field', () => {
    const email = 'john😀@example.com';
    const sentence = 'Podaj poprawny adres e-mail, np. jan.kowalski@example.com.';
    const found = validateCustomer({ first_name: 'J', last_name: 'K', email, phone: '600100200', consent_statute: 1, consent_gdpr: 1, notify_by_sms: 0, id: null })['customer.email'];
    expect(found).toEqual({ code: 'field.invalid_email' });
    expect(formatDisplayText(polish, problemText(found as FieldProblem))).toBe(sentence);
    expect(formatDisplayText(polish, checkEmail(email) ?? '')).toBe(sentence);
    const issue = customerShape.email.safeParse(email).error?.issues[0]?.message;
    expect(validationText(polish, issue)).toBe(sentence);
    // And the server's refusal of it, in the panel.
    expect(fieldErrorText(polish, { field: 'customer.email', message: 'customer.email is not a valid e-mail address', code: 'field.invalid_email' })).toBe(sentence);
  });
});
