// The Polish tax number (NIP) past what a pattern states: its digits as people write them, and its
// check digit (the server's `values::polish`: `normalize_vat_number` and `is_nip`).

import { serverTrim } from './text';

const WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/** The digits of a NIP as people write it (`PL 526-025-02-74` → `5260250274`): trimmed, a `PL` or
 * `pl` prefix dropped, then spaces and dashes; whatever else it holds stays, so `isNipDigits` refuses it. */
export function normaliseNip(value: string): string {
  const text = serverTrim(value);
  const bare = text.startsWith('PL') || text.startsWith('pl') ? text.slice(2) : text;
  return bare.replace(/[ -]/g, '');
}

/** Ten ASCII digits, none first, not `x00` after the first (the e-invoice's pattern), whose weighted
 * sum modulo 11 is the tenth (a remainder of 10 is no NIP). */
export function isNipDigits(digits: string): boolean {
  if (!/^[0-9]{10}$/.test(digits) || digits[0] === '0' || digits.slice(1, 3) === '00') return false;
  const sum = WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(digits[i]), 0);
  return sum % 11 === Number(digits[9]);
}

/** Whether `value` is a NIP as the server reads it. */
export function isValidNip(value: string): boolean {
  return isNipDigits(normaliseNip(value));
}
