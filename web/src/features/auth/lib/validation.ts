// Client-side checks of the accounts' forms, so most mistakes are explained in the person's language
// before anything is sent. The server checks again. The values' rules are the server's, written once
// for every form (src/shared/rules: its document's lengths and patterns); a refusal is said from the
// one table of codes, as the server's answer would be. A missing value gets the form's own sentence.
import type { MessageDescriptor } from 'react-intl';

import { RegisterInput } from '@/shared/api/limits.gen';
import { serverText } from '@/shared/api/server-messages';
import type { DisplayText } from '@/shared/lib/display-text';
import { optional } from '@/shared/rules/problem';
import { problemText } from '@/shared/rules/problem-text';
import { serverTrim } from '@/shared/rules/text';
import { email, line, phone } from '@/shared/rules/values';

import { validationMessages as m } from './validation-messages';

export const PASSWORD_MIN: number = RegisterInput.password.minLength;
export const PASSWORD_MAX: number = RegisterInput.password.maxLength;
export const NAME_MAX: number = RegisterInput.first_name.maxLength;
export const PHONE_MAX: number = RegisterInput.phone.maxLength;

const name = line(NAME_MAX);
/** The accounts take no phone, or one under the phone's rule. */
const optionalPhone = optional(phone);

/** An error to show under a field: a catalogue message, or a server text shown as sent. */
export type FieldErrorText = DisplayText;
export type FormErrors<F extends string> = Partial<Record<F, FieldErrorText>>;

const length = (value: string) => [...value].length;

export function checkEmail(value: string): FieldErrorText | undefined {
  const problem = email(value);
  if (problem?.code === 'field.blank') return m.emailRequired;
  return problem === null ? undefined : problemText(problem);
}

/** A password someone chooses: 8 to 128 characters, not all whitespace (the server's `NewPassword`), kept as typed. */
export function checkNewPassword(value: string): FieldErrorText | undefined {
  if (!serverTrim(value)) return m.passwordRequired;
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
  const problem = name(value);
  if (problem?.code === 'field.blank') return required;
  return problem === null ? undefined : problemText(problem);
}

export function checkPhone(value: string): FieldErrorText | undefined {
  const problem = optionalPhone(value);
  return problem === null ? undefined : problemText(problem);
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

export interface ChangeEmailValues {
  email: string;
  password: string;
}

/** A new address for the account (`current` is its address now) and the current password. The same
 * address is refused as the server refuses it (`field.invalid` on `email`, in the form's words). */
export function validateChangeEmail(values: ChangeEmailValues, current: string): FormErrors<keyof ChangeEmailValues> {
  const same = values.email.trim().toLowerCase() === current.trim().toLowerCase();
  return only({
    email: checkEmail(values.email) ?? (same ? serverText({ code: 'field.invalid', field: 'email', message: '' }, 'email') : undefined),
    password: values.password ? undefined : m.oldPasswordRequired,
  });
}
