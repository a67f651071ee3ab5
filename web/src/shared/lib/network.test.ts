import { describe, expect, it } from 'vitest';

import { canPrefetch } from './network';

const nav = (connection?: { saveData?: boolean; effectiveType?: string }) => ({ connection }) as unknown as Navigator;

describe('canPrefetch', () => {
  it('prefetches when the browser says nothing about the connection, or it is fast', () => {
    expect(canPrefetch(nav())).toBe(true);
    expect(canPrefetch(nav({ effectiveType: '4g' }))).toBe(true);
    expect(canPrefetch(nav({ effectiveType: '3g', saveData: false }))).toBe(true);
  });

  it('skips 2g and data-saver connections', () => {
    expect(canPrefetch(nav({ effectiveType: '2g' }))).toBe(false);
    expect(canPrefetch(nav({ effectiveType: 'slow-2g' }))).toBe(false);
    expect(canPrefetch(nav({ effectiveType: '4g', saveData: true }))).toBe(false);
  });
});
