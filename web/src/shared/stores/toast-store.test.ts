import { describe, expect, it } from 'vitest';

import { showToast, TOAST_TIMEOUTS, useToastStore } from './toast-store';

describe('toast store', () => {
  it('gives each type its timeout: 4 s by default, warning and denied 10 s, danger 20 s', () => {
    expect(TOAST_TIMEOUTS).toEqual({ success: 4_000, info: 4_000, warning: 10_000, denied: 10_000, danger: 20_000 });

    showToast({ message: 'Zapisano' });
    showToast({ type: 'warning', message: 'Uwaga' });
    showToast({ type: 'denied', message: 'Brak dostępu' });
    showToast({ type: 'danger', message: 'Błąd' });

    expect(useToastStore.getState().toasts.map((t) => [t.type, t.timeout])).toEqual([
      ['info', 4_000],
      ['warning', 10_000],
      ['denied', 10_000],
      ['danger', 20_000],
    ]);
  });

  it('keeps an explicit timeout and returns distinct ids', () => {
    const first = showToast({ type: 'success', message: 'A', timeout: 1_000 });
    const second = showToast({ type: 'success', message: 'B' });

    expect(first).not.toBe(second);
    expect(useToastStore.getState().toasts[0]).toMatchObject({ id: first, timeout: 1_000 });
  });

  it('dismisses one toast, clears all, and keeps at most five', () => {
    const ids = Array.from({ length: 6 }, (_, i) => showToast({ message: `T${i}` }));
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['T1', 'T2', 'T3', 'T4', 'T5']);

    useToastStore.getState().dismiss(ids[2] ?? '');
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['T1', 'T3', 'T4', 'T5']);

    useToastStore.getState().clear();
    expect(useToastStore.getState().toasts).toEqual([]);
  });
});
