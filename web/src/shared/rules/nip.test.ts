import { describe, expect, it } from 'vitest';

import { isValidNip, normaliseNip } from './nip';

// The NIP's own rule past its pattern (the shared vectors, vectors.test.ts, hold it to the server's).

describe('NIP checksum', () => {
  it.each(['1234563218', '123-456-32-18', '123 456 32 18', 'PL1234563218', '5260250274'])(
    'accepts %s',
    (nip) => expect(isValidNip(nip)).toBe(true),
  );

  it.each([
    ['1234563219', 'wrong check digit'],
    ['123456321', 'nine digits'],
    ['12345632180', 'eleven digits'],
    ['12345A3218', 'a letter'],
    ['', 'empty'],
    ['1234567890', 'checksum 10 is never valid'],
    ['0260250277', 'adds up, but starts with 0'],
    ['1000000006', 'adds up, but 00 after the first digit'],
    ['Pl5260250274', 'a prefix other than PL or pl'],
  ])('refuses %s (%s)', (nip) => expect(isValidNip(nip)).toBe(false));

  it('strips the country prefix, spaces and dashes', () => {
    expect(normaliseNip(' pl 123-456-32-18')).toBe('1234563218');
  });
});
