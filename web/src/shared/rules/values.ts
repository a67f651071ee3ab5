// The rules of the values a form takes, the server's (api-core's `values`: `Email`, `Phone`, `Nip`,
// `PostalCode`, `Line<N>`, `Text<N>`), written once for every form. Their patterns and lengths come
// from the API's document (limits.gen.ts, generated from openapi.json); what no pattern there states
// is written here: the e-mail's local part of at most 64 characters, the NIP's check digit, the
// postal code's form NN-NNN (the invoice's postal code is one only in Poland, so the document gives
// it no pattern). testdata/value-vectors.json holds them to the server's (vectors.test.ts here, and
// api-core/tests/vectors.rs there). Each rule answers the server's field-error code (./problem).
import { BookingInvoice, Values } from '@/shared/api/limits.gen';

import { isValidNip } from './nip';
import { blank, tooLong, type FieldCode, type FieldProblem, type Rule } from './problem';
import { lengthAsSent, serverTrim } from './text';

/** A text value's start, as the server's: at most `max` characters as sent, not blank. */
function start(value: string, max: number): FieldProblem | null {
  if (lengthAsSent(value) > max) return tooLong(max);
  return serverTrim(value) === '' ? blank : null;
}

/** A rule from a value type of the document (its length and pattern) and what the pattern cannot state. */
function typed(type: { maxLength: number; pattern: string }, code: FieldCode, more: (trimmed: string) => boolean = () => true): Rule {
  const pattern = new RegExp(type.pattern, 'u');
  return (value) => start(value, type.maxLength) ?? (pattern.test(value) && more(serverTrim(value)) ? null : { code });
}

/** The local part of an address: at most 64 characters (SMTP's limit, the mailer's). */
const localPartFits = (address: string) => address.slice(0, address.lastIndexOf('@')).length <= 64;

/** An e-mail address (`Email`). */
export const email: Rule = typed(Values.Email, 'field.invalid_email', localPartFits);

/** A phone number (`Phone`): 9 to 15 digits, with spaces, `+`, `-`, `(` and `)`. */
export const phone: Rule = typed(Values.Phone, 'field.invalid_phone');

/** A NIP (`Nip`): its form is the document's (`NipOrEmpty` past blank), its check digit ./nip's. */
export const nip: Rule = typed(Values.NipOrEmpty, 'field.invalid_vat_number', isValidNip);

const POSTAL_CODE = /^[0-9]{2}-[0-9]{3}$/;

/** A Polish postal code (`PostalCode`): `NN-NNN`, ASCII digits. */
export const postalCode: Rule = (value) =>
  start(value, BookingInvoice.postal_code.maxLength) ?? (POSTAL_CODE.test(serverTrim(value)) ? null : { code: 'field.invalid_postal_code' });

const LINE = new RegExp(Values.Line100.pattern, 'u');

/** One line of at most `max` characters (`Line<max>`): no control character once trimmed. */
export const line =
  (max: number): Rule =>
  (value) =>
    start(value, max) ?? (LINE.test(value) ? null : { code: 'field.bad_characters' });

/** Text of at most `max` characters, lines allowed (`Text<max>`). */
export const text =
  (max: number): Rule =>
  (value) =>
    start(value, max);
