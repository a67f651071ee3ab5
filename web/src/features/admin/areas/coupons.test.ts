// The coupon form's amounts are typed in złoty; the server's limits are in grosz (`SaveInput`), and
// the form refuses what the server would, saying the largest amount in złoty.
import { describe, expect, it } from 'vitest';

import { SaveInput } from '@/shared/api/limits.gen';

import { couponSchema, couponsArea } from './coupons';

function issues(values: Record<string, string>): Record<string, string> {
  const result = couponSchema.safeParse({ code: '', value: '', current_value: '', expires_at: '', ...values });
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

describe('the coupon form', () => {
  it('takes amounts up to the server’s maximum and refuses a grosz more', () => {
    expect(SaveInput.value.maximum).toBe(100_000_000);
    expect(issues({ value: '1000000,00', current_value: '1000000' })).toEqual({});
    expect(issues({ value: '1000000,01', current_value: '1000001' })).toEqual({
      value: 'money.tooLarge|1000000,00',
      current_value: 'money.tooLarge|1000000,00',
    });
  });

  it('refuses a negative value, a zero initial value and a third decimal at the field, saying why', () => {
    expect(issues({ value: '-5', current_value: '-0,01' })).toEqual({ value: 'money.negative', current_value: 'money.negative' });
    expect(issues({ value: '0', current_value: '0' })).toEqual({ value: 'money.zero' });
    expect(issues({ value: '12,505' })).toEqual({ value: 'money.decimals' });
  });

  it('sends złoty typed with a comma as grosze', () => {
    expect(couponsArea.toInput({ code: '', value: '12,50', current_value: '', expires_at: '' }, undefined)).toEqual({ code: null, value: 1250, expires_at: null });
    expect(couponsArea.toValues({ code: 'A', current_value: 1250, expires_at: null }).current_value).toBe('12,50');
  });

  it('takes a code of the server’s pattern, or none', () => {
    expect(issues({ code: 'LATO-2026' })).toEqual({});
    expect(issues({ code: '' })).toEqual({});
    expect(issues({ code: 'a'.repeat(41) })).toEqual({ code: 'invalid' });
    expect(issues({ code: 'lato 2026' })).toEqual({ code: 'invalid' });
  });
});
