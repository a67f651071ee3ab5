// The app's start, run by main.tsx in a task of its own: the router, the query cache and the first
// render. Loaded as a separate chunk (preloaded from index.html, so no extra round trip) so that
// running the libraries and the app's modules is split from running React's: on a phone each of those
// is a long task, and two halves block input for less time than one whole.
//
// First: configures zod before any module defines or parses a schema.
import '@/shared/lib/zod-setup';
// Then: the API client's session and failure toasts, before any request.

import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';

import { env } from '@/config/env';
import { createQueryClient } from '@/shared/api/query-client';
import { loadCodeTexts } from '@/shared/api/server-messages';
import { yieldToMain } from '@/shared/lib/yield-to-main';

import { fullScreenLoader } from './api-session';
import { createAppRoutes } from './router';

import { App } from '.';

/**
 * `npm run dev:mock` answers API calls in the browser with the same MSW handlers the tests use (R18).
 * `import.meta.env.DEV` is false in a production build, so the worker code is dropped from dist.
 */
async function enableMocking(): Promise<void> {
  if (!import.meta.env.DEV || !env.ENABLE_API_MOCKING) return;
  const { worker } = await import('@/testing/mocks/browser');
  await worker.start({ onUnhandledRequest: 'bypass' });
}

export async function start(root: Root): Promise<void> {
  await enableMocking();
  const queryClient = createQueryClient({ busy: fullScreenLoader });
  const routes = createAppRoutes(queryClient);
  await yieldToMain();
  // Made once, outside React: the router starts loading the first page's chunk and data right here,
  // before React has rendered anything, and a re-render can never make a second router.
  const router = createBrowserRouter(routes);
  await yieldToMain();
  // As a transition, React renders the first page in slices and lets the browser in between, rather
  // than in one long task that blocks input.
  // The error codes' sentences come in their own chunk, fetched beside the first page's (server-messages.ts).
  void loadCodeTexts();
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
}
