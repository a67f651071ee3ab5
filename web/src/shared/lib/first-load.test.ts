import { afterEach, describe, expect, it, vi } from 'vitest';

import { firstLoadWaits, waitAtMost } from './first-load';

afterEach(() => {
  vi.useRealTimers();
});

/** A promise and the function that resolves it. */
function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('first-load loaders', () => {
  it('wait for their data on the first navigation only', async () => {
    const answers = [deferred(), deferred()];
    let calls = 0;
    const loader = firstLoadWaits(() => answers[calls++]?.promise ?? Promise.resolve(), 10_000);

    let firstDone = false;
    const first = loader().then(() => {
      firstDone = true;
    });
    // The request starts in a task of its own.
    expect(calls).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toBe(1);
    expect(firstDone).toBe(false);
    answers[0]?.resolve();
    await first;
    expect(firstDone).toBe(true);

    // The second navigation starts its request but shows the page at once.
    await expect(loader()).resolves.toBeNull();
    expect(calls).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toBe(2);
  });

  it('give up waiting after the cap, and never fail the navigation', async () => {
    vi.useFakeTimers();
    const slow = firstLoadWaits(() => new Promise(() => undefined), 1500);
    let done = false;
    void slow().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(1499);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);

    const failing = firstLoadWaits(() => Promise.reject(new Error('API down')));
    const throwing = firstLoadWaits(() => {
      throw new Error('bad input');
    });
    const outcomes = Promise.all([failing(), throwing()]);
    await vi.advanceTimersByTimeAsync(0);
    await expect(outcomes).resolves.toEqual([null, null]);
  });

  it('waitAtMost settles with the work when it is quicker than the cap', async () => {
    vi.useFakeTimers();
    let done = false;
    void waitAtMost(Promise.resolve('data'), 60_000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
