import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useLoaderStore } from '@/shared/stores/loader-store';
import { renderApp } from '@/testing/test-utils';

afterEach(() => {
  vi.useRealTimers();
});

/** The page's effects (its title among them) have run: the layout is subscribed to its stores. */
async function effectsSettled() {
  await waitFor(() => expect(document.title).not.toBe(''));
}

describe('loader overlay', () => {
  it('appears only after 200 ms of loading, and goes when loading ends', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await effectsSettled();
    vi.useFakeTimers();

    act(() => useLoaderStore.getState().start());
    act(() => {
      vi.advanceTimersByTime(199);
    });
    expect(screen.queryByText('Ładowanie…')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText('Ładowanie…')).toBeInTheDocument();

    act(() => useLoaderStore.getState().stop());
    expect(screen.queryByText('Ładowanie…')).not.toBeInTheDocument();
  });

  it('never flashes for a task shorter than the delay', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await effectsSettled();
    vi.useFakeTimers();

    act(() => useLoaderStore.getState().start());
    act(() => {
      vi.advanceTimersByTime(150);
    });
    act(() => useLoaderStore.getState().stop());
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.queryByText('Ładowanie…')).not.toBeInTheDocument();
  });
});
