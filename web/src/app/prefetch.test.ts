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

  it('fetches the files a build lists without running them', () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.resolve());
    prefetchLikelyRoutes([load], ['/assets/login-abc.js', '/assets/login-abc.css']);
    expect(document.head.querySelectorAll('link[rel="prefetch"]')).toHaveLength(0);
    vi.runAllTimers();
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];
    expect(links.map((link) => new URL(link.href).pathname)).toEqual(['/assets/login-abc.js', '/assets/login-abc.css']);
    expect(load).not.toHaveBeenCalled();
    for (const link of links) link.remove();
  });

  it('skips prefetching on 2g and with data saving', () => {
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
