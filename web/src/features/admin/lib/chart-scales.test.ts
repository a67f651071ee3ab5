import { describe, expect, it } from 'vitest';

import { valueScale } from './chart-scales';

describe("the home page charts' value axis", () => {
  it('counts in whole steps: no tick at half an order', () => {
    expect(valueScale('count', 'pl').ticks).toEqual({ precision: 0 });
  });

  it('says złoty on every tick of money, in the panel language', () => {
    const { callback } = valueScale('money', 'pl').ticks as { callback: (value: number | string) => string };
    expect([callback(0), callback(70), callback(1234.5)]).toEqual(['0 zł', '70 zł', '1234,5 zł']);
    const english = valueScale('money', 'en').ticks as { callback: (value: number | string) => string };
    expect(english.callback(1234.5)).toBe('1,234.5 zł');
  });
});
