// Warms the chunks of the pages most visitors open next, once the browser is idle, so those pages
// open without a wait. Skipped on 2G and data-saver connections
// (docs/web.md, 'Prefetching spares slow connections').
//
// A production build lists those pages' files in the page (`window.__routePrefetch`, written by
// build/route-preload-plugin.ts): they are fetched into the HTTP cache with `<link rel="prefetch">`
// and not run, so the prefetch costs no main-thread time. Without that list (development, tests)
// the chunks are imported.
import { canPrefetch, whenIdle } from '@/shared/lib/network';

import { loadLogin } from './routes/account-routes';
import { loadContentPage } from './routes/content-routes';

declare global {
  interface Window {
    __routePrefetch?: string[];
  }
}

const LIKELY_NEXT: readonly (() => Promise<unknown>)[] = [loadLogin, loadContentPage];

function prefetchFiles(files: readonly string[]): void {
  for (const href of files) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    document.head.appendChild(link);
  }
}

/** Starts the idle prefetch; returns a function that cancels it if it has not run yet. */
export function prefetchLikelyRoutes(
  loaders = LIKELY_NEXT,
  files: readonly string[] | undefined = window.__routePrefetch,
): () => void {
  if (!canPrefetch()) return () => undefined;
  return whenIdle(() => {
    if (files) prefetchFiles(files);
    else for (const load of loaders) load().catch(() => undefined);
  });
}
