import { afterEach, describe, expect, it, vi } from 'vitest';

import { prefetchLikelyRoutes } from './prefetch';

afterEach(() => {
  vi.useRealTimers();
});


describe('route prefetch', () => {
  it('loads the likely next pages when the browser is idle', () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.resolve());
    prefetchLikelyRoutes([load]);
    expect(load).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('skips prefetching on 2g and with data saving (spec §9)', () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.resolve());
    for (const connection of [{ effectiveType: '2g' }, { effectiveType: '4g', saveData: true }]) {
      Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
      prefetchLikelyRoutes([load]);
    }
    vi.runAllTimers();
    expect(load).not.toHaveBeenCalled();
    Reflect.deleteProperty(navigator, 'connection');
  });
});
