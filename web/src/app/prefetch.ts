// Warms the chunks of the pages most visitors open next, once the browser is idle, so those pages
// open without a wait. Skipped on 2G and data-saver connections (spec §9).
import { canPrefetch, whenIdle } from '@/shared/lib/network';

import { loadLogin } from './routes/account-routes';
import { loadContentPage } from './routes/content-routes';

const LIKELY_NEXT: readonly (() => Promise<unknown>)[] = [loadLogin, loadContentPage];

/** Starts the idle prefetch; returns a function that cancels it if it has not run yet. */
export function prefetchLikelyRoutes(loaders = LIKELY_NEXT): () => void {
  if (!canPrefetch()) return () => undefined;
  return whenIdle(() => {
    for (const load of loaders) load().catch(() => undefined);
  });
}
