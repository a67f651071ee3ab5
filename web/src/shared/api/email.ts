// The one e-mail rule of the site, the server's (api-core's e-mail type): every form that takes an
// address (the order, registration, the office sale, the company's settings) checks it with this, so
// the page refuses exactly what the server would refuse, and says so in the person's language first.
// Kept out of the document for now (the server's schema gives its pattern; this may read it later).

import { ContactInput } from './limits.gen';

/** The longest address the server takes (RFC 5321's path limit), as its document says. */
export const EMAIL_MAX: number = ContactInput.email.maxLength;

// Local part: ASCII letters, digits and !#$%&'*+/=?^_`{|}~- in dot-separated runs (no dot first,
// last or twice in a row). Domain: two or more dot-separated labels of ASCII letters, digits and
// hyphens, none starting or ending with a hyphen, the last of at least two letters.
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const EMAIL = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+[A-Za-z]{2,}$`);

/** What is wrong with an address, or `null`: `blank`, `too_long` (over 254 characters) or `invalid`. */
export type EmailProblem = 'blank' | 'too_long' | 'invalid';

/** The address's problem under the server's rule (checked trimmed, as the server trims it). */
export function emailProblem(value: string): EmailProblem | null {
  const text = value.trim();
  if (text === '') return 'blank';
  if (text.length > EMAIL_MAX) return 'too_long';
  return EMAIL.test(text) ? null : 'invalid';
}

/** Whether the server takes this address (trimmed; blank is not an address). */
export function isEmail(value: string): boolean {
  return emailProblem(value) === null;
}
