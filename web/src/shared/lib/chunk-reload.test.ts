import { describe, expect, it, vi } from 'vitest';

import { CHUNK_RELOAD_KEY, installChunkReload, isChunkLoadError, reloadForChunkError } from './chunk-reload';

describe('chunk reload guard', () => {
  it('recognises the browsers’ wording of a failed chunk load', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/login-x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads at most once a minute', () => {
    const reload = vi.fn();
    const t0 = 1_700_000_000_000;

    expect(reloadForChunkError(t0, reload)).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe(String(t0));
    expect(reloadForChunkError(t0 + 59_999, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    expect(reloadForChunkError(t0 + 60_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('handles vite:preloadError events', () => {
    const target = new EventTarget() as Window;
    const uninstall = installChunkReload(target);
    // Already reloaded a moment ago: the event is left alone (the error page shows instead).
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    const event = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    uninstall();
  });
});
