import { describe, expect, it } from 'vitest';

import { formatApiDateTime, warsawDate } from './warsaw-time';

describe('formatApiDateTime', () => {
  it('gives Warsaw local time as YYYY-MM-DD HH:MM:SS, summer and winter', () => {
    expect(formatApiDateTime(new Date('2026-07-01T10:05:09Z'))).toBe('2026-07-01 12:05:09');
    expect(formatApiDateTime(new Date('2026-01-31T23:30:00Z'))).toBe('2026-02-01 00:30:00');
  });

  it('writes midnight as 00, not 24', () => {
    expect(formatApiDateTime(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02 00:00:00');
  });
});

describe('warsawDate', () => {
  it("gives Warsaw's day, which may differ from UTC's", () => {
    expect(warsawDate(new Date('2026-07-01T21:59:59Z'))).toBe('2026-07-01');
    expect(warsawDate(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
    expect(warsawDate(new Date('2026-01-31T23:30:00Z'))).toBe('2026-02-01');
  });
});
