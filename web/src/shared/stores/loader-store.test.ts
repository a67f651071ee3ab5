import { describe, expect, it } from 'vitest';

import { useLoaderStore, withLoader } from './loader-store';

describe('loader store', () => {
  it('stays on until the last of several tasks stops', () => {
    const { start, stop } = useLoaderStore.getState();
    start();
    start();
    expect(useLoaderStore.getState()).toMatchObject({ loading: true, pending: 2 });

    stop();
    expect(useLoaderStore.getState().loading).toBe(true);
    stop();
    expect(useLoaderStore.getState()).toMatchObject({ loading: false, pending: 0 });

    stop();
    expect(useLoaderStore.getState().pending).toBe(0);
  });

  it('withLoader shows the loader while a task runs, and hides it when it fails too', async () => {
    let resolve: (value: string) => void = () => undefined;
    const running = withLoader(new Promise<string>((r) => (resolve = r)));
    expect(useLoaderStore.getState().loading).toBe(true);
    resolve('ok');
    await expect(running).resolves.toBe('ok');
    expect(useLoaderStore.getState().loading).toBe(false);

    await expect(withLoader(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(useLoaderStore.getState().loading).toBe(false);
  });
});
