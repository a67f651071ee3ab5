import { yieldToMain } from './yield-to-main';

// Route loaders that fetch a page's data while its chunk loads. On the first page of a visit the
// router waits for that data (up to a cap), so React renders the page once, complete, instead of
// once empty and again for every answer: on a phone each of those renders is a long task right
// when the page should respond. Later navigations do not wait: the page shows at once with its
// loading states, and the requests have simply started earlier.

/** How long the first page waits for its data before it shows without it. */
export const FIRST_PAGE_DATA_WAIT_MS = 1500;

/** Resolves when `work` settles or after `ms`, whichever is first; never rejects. */
export function waitAtMost(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    work.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
}

/**
 * A loader that starts `fetch` on every navigation and, on the first one only, waits for it
 * (at most `ms`). A failure of `fetch` is ignored here: the page shows it through the same queries.
 * `fetch` runs in a task of its own, not in the router's, which on a first visit is already long.
 */
export function firstLoadWaits<Args extends unknown[]>(
  fetch: (...args: Args) => Promise<unknown>,
  ms: number = FIRST_PAGE_DATA_WAIT_MS,
): (...args: Args) => Promise<null> {
  let first = true;
  return async (...args: Args) => {
    const wait = first;
    first = false;
    const work = yieldToMain()
      .then(() => fetch(...args))
      .catch(() => undefined);
    if (wait) await waitAtMost(work, ms);
    return null;
  };
}
