// The full-screen loader (docs/web.md, 'Loading indicators'). Several tasks can run at once, so the store
// counts them and `loading` stays on until the last one ends. The overlay waits 200 ms before it
// appears, so quick requests never flash it.
import { create } from 'zustand';

interface LoaderState {
  /** Whether the overlay should be shown (after its delay). */
  loading: boolean;
  /** Tasks still running. */
  pending: number;
  start: () => void;
  stop: () => void;
}

export const useLoaderStore = create<LoaderState>()((set) => ({
  loading: false,
  pending: 0,
  start: () => set((state) => ({ pending: state.pending + 1, loading: true })),
  stop: () =>
    set((state) => {
      const pending = Math.max(0, state.pending - 1);
      return { pending, loading: pending > 0 };
    }),
}));

/** Shows the loader while `task` runs, and hides it however the task ends. */
export async function withLoader<T>(task: Promise<T> | (() => Promise<T>)): Promise<T> {
  const { start, stop } = useLoaderStore.getState();
  start();
  try {
    return await (typeof task === 'function' ? task() : task);
  } finally {
    stop();
  }
}
