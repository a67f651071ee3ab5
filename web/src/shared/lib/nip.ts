// The Polish tax number (NIP): ten digits, the last a checksum of the first nine with the weights
// 6 5 7 2 3 4 5 6 7 (sum mod 11; a remainder of 10 never occurs in a valid number).

const WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/** The digits of a NIP as people write it: "123-456-32-18", "123 456 32 18", "PL1234563218". */
export function normaliseNip(value: string): string {
  return value.replace(/^\s*PL/i, '').replace(/[\s-]/g, '');
}

export function isValidNip(value: string): boolean {
  const digits = normaliseNip(value);
  if (!/^\d{10}$/.test(digits)) return false;
  const sum = WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(digits[i]), 0);
  const check = sum % 11;
  return check !== 10 && check === Number(digits[9]);
}
