// Client-side checks that mirror the backend's rules (query-api/src/accounts/fields.rs), so most
// mistakes are explained in the person's language before anything is sent. The server checks again.
// The lengths are the server's document's (limits.gen.ts), the e-mail rule the site's one.
import type { MessageDescriptor } from 'react-intl';

import { emailProblem } from '@/shared/api/email';
import { RegisterInput } from '@/shared/api/limits.gen';
import type { DisplayText } from '@/shared/lib/display-text';

import { validationMessages as m } from './validation-messages';

export const PASSWORD_MIN: number = RegisterInput.password.minLength;
export const PASSWORD_MAX: number = RegisterInput.password.maxLength;
export const NAME_MAX: number = RegisterInput.first_name.maxLength;
export const PHONE_MAX: number = RegisterInput.phone.maxLength;

/** An error to show under a field: a catalogue message, or a server text shown as sent. */
export type FieldErrorText = DisplayText;
export type FormErrors<F extends string> = Partial<Record<F, FieldErrorText>>;

const PHONE = /^[\d +\-()]*$/;

const length = (value: string) => [...value].length;

export function checkEmail(value: string): FieldErrorText | undefined {
  const problem = emailProblem(value);
  if (problem === 'blank') return m.emailRequired;
  return problem === null ? undefined : m.emailInvalid;
}

/** A password someone chooses: 8 to 128 characters, kept as typed. */
export function checkNewPassword(value: string): FieldErrorText | undefined {
  if (!value) return m.passwordRequired;
  if (length(value) < PASSWORD_MIN) return { ...m.passwordTooShort, values: { min: PASSWORD_MIN } };
  if (length(value) > PASSWORD_MAX) return { ...m.passwordTooLong, values: { max: PASSWORD_MAX } };
  return undefined;
}

export function checkRepeat(password: string, repeat: string): FieldErrorText | undefined {
  if (!repeat) return m.repeatRequired;
  if (password !== repeat) return m.repeatMismatch;
  return undefined;
}

export function checkName(value: string, required: MessageDescriptor): FieldErrorText | undefined {
  if (!value.trim()) return required;
  if (length(value.trim()) > NAME_MAX) return { ...m.nameTooLong, values: { max: NAME_MAX } };
  return undefined;
}

export function checkPhone(value: string): FieldErrorText | undefined {
  if (length(value.trim()) > PHONE_MAX) return { ...m.phoneTooLong, values: { max: PHONE_MAX } };
  if (!PHONE.test(value.trim())) return m.phoneInvalid;
  return undefined;
}

function only<F extends string>(errors: Record<F, FieldErrorText | undefined>): FormErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, error]) => error !== undefined)) as FormErrors<F>;
}

export interface LoginValues {
  email: string;
  password: string;
}

export function validateLogin(values: LoginValues): FormErrors<keyof LoginValues> {
  return only({
    email: values.email.trim() ? undefined : m.emailRequired,
    password: values.password ? undefined : m.passwordRequired,
  });
}

export interface RegisterValues {
  email: string;
  password: string;
  password_repeat: string;
  first_name: string;
  last_name: string;
  phone: string;
}

export function validateRegister(values: RegisterValues): FormErrors<keyof RegisterValues> {
  return only({
    email: checkEmail(values.email),
    password: checkNewPassword(values.password),
    password_repeat: checkRepeat(values.password, values.password_repeat),
    first_name: checkName(values.first_name, m.firstNameRequired),
    last_name: checkName(values.last_name, m.lastNameRequired),
    phone: checkPhone(values.phone),
  });
}

export interface ForgotValues {
  email: string;
}

export function validateForgot(values: ForgotValues): FormErrors<keyof ForgotValues> {
  return only({ email: checkEmail(values.email) });
}

export interface NewPasswordValues {
  old_password: string;
  password: string;
  password_repeat: string;
}

/** `withOld`: changing it logged in needs the current password; a reset link does not. */
export function validateNewPassword(values: NewPasswordValues, withOld: boolean): FormErrors<keyof NewPasswordValues> {
  return only({
    old_password: withOld && !values.old_password ? m.oldPasswordRequired : undefined,
    password: checkNewPassword(values.password),
    password_repeat: checkRepeat(values.password, values.password_repeat),
  });
}

export interface AccountValues {
  first_name: string;
  last_name: string;
  phone: string;
}

export function validateAccount(values: AccountValues): FormErrors<keyof AccountValues> {
  return only({
    first_name: checkName(values.first_name, m.firstNameRequired),
    last_name: checkName(values.last_name, m.lastNameRequired),
    phone: checkPhone(values.phone),
  });
}
