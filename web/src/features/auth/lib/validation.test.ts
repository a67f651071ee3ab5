import { describe, expect, it } from 'vitest';

import { problemText } from '@/shared/rules/problem-text';

import { validateAccount, validateForgot, validateLogin, validateNewPassword, validateRegister } from './validation';
import { validationMessages as m } from './validation-messages';

const ok = { email: 'jan.kowalski@example.com', password: 'demo1234', password_repeat: 'demo1234', first_name: 'Jan', last_name: 'Kowalski', phone: '' };

describe('account form rules (mirroring the backend)', () => {
  it('login needs both fields', () => {
    expect(validateLogin({ email: ' ', password: '' })).toEqual({ email: m.emailRequired, password: m.passwordRequired });
    expect(validateLogin({ email: 'jan', password: 'x' })).toEqual({});
  });

  it('registration: a valid form has no errors', () => {
    expect(validateRegister(ok)).toEqual({});
  });

  it('registration: every problem at once', () => {
    const errors = validateRegister({ email: 'jan@', password: '1234567', password_repeat: '7654321', first_name: ' ', last_name: '', phone: 'call me' });
    expect(errors).toEqual({
      email: problemText({ code: 'field.invalid_email' }),
      password: { ...m.passwordTooShort, values: { min: 8 } },
      password_repeat: m.repeatMismatch,
      first_name: m.firstNameRequired,
      last_name: m.lastNameRequired,
      phone: problemText({ code: 'field.invalid_phone' }),
    });
  });

  it('registration: lengths are counted in characters', () => {
    expect(validateRegister({ ...ok, password: 'żółćżółć', password_repeat: 'żółćżółć' })).toEqual({});
    expect(validateRegister({ ...ok, first_name: 'ż'.repeat(100) }).first_name).toBeUndefined();
    expect(validateRegister({ ...ok, first_name: 'a'.repeat(101) }).first_name).toEqual(problemText({ code: 'field.too_long', params: { max: 100 } }));
    expect(validateRegister({ ...ok, phone: '1'.repeat(31) }).phone).toEqual(problemText({ code: 'field.too_long', params: { max: 30 } }));
    expect(validateRegister({ ...ok, password: 'x'.repeat(129), password_repeat: 'x'.repeat(129) }).password).toEqual({ ...m.passwordTooLong, values: { max: 128 } });
  });

  it('registration: a password of whitespace only is none, as the server (NewPassword) says, whatever its length', () => {
    for (const blank of [' '.repeat(12), '\u3000'.repeat(9), '\u0085'.repeat(8)]) {
      expect(validateRegister({ ...ok, password: blank, password_repeat: blank }).password).toEqual(m.passwordRequired);
    }
    expect(validateRegister({ ...ok, password: ' spaces  ok ', password_repeat: ' spaces  ok ' })).toEqual({});
  });

  it('registration: a phone is optional, and one that is given has 9 to 15 digits (the one phone rule)', () => {
    expect(validateRegister({ ...ok, phone: '' }).phone).toBeUndefined();
    expect(validateRegister({ ...ok, phone: '+48 600 100 200' }).phone).toBeUndefined();
    expect(validateRegister({ ...ok, phone: '600 100' }).phone).toEqual(problemText({ code: 'field.invalid_phone' }));
    expect(validateAccount({ first_name: 'Jan', last_name: 'K', phone: '1234567890123456' }).phone).toEqual(problemText({ code: 'field.invalid_phone' }));
  });

  it('forgot password needs a valid e-mail', () => {
    expect(validateForgot({ email: '' })).toEqual({ email: m.emailRequired });
    expect(validateForgot({ email: 'jan.kowalski@example.com' })).toEqual({});
  });

  it('a new password needs the current one only when changed logged in', () => {
    const values = { old_password: '', password: 'nowehaslo1', password_repeat: 'nowehaslo1' };
    expect(validateNewPassword(values, false)).toEqual({});
    expect(validateNewPassword(values, true)).toEqual({ old_password: m.oldPasswordRequired });
    expect(validateNewPassword({ ...values, password_repeat: '' }, false)).toEqual({ password_repeat: m.repeatRequired });
  });

  it('the account needs names; the phone is optional', () => {
    expect(validateAccount({ first_name: 'Jan', last_name: 'Kowalski', phone: '' })).toEqual({});
    expect(validateAccount({ first_name: '', last_name: 'Kowalski', phone: '+48 (12) 345-67-89' })).toEqual({
      first_name: m.firstNameRequired,
    });
  });
});
