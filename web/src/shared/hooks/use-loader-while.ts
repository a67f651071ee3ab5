import { useEffect } from 'react';

import { useLoaderStore } from '../stores/loader-store';

/** Keeps the full-screen loader on while `active` (e.g. a page's main query is pending). */
export function useLoaderWhile(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const { start, stop } = useLoaderStore.getState();
    start();
    return stop;
  }, [active]);
}
