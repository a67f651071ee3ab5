// First: configures zod before any module defines or parses a schema.
import './shared/lib/zod-setup';

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';

import { App } from './app';
import { createAppRoutes } from './app/router';
import { env } from './config/env';
import { redirectToPreferredLocale } from './i18n/locale-cookie';
import { createQueryClient } from './shared/api/query-client';
import { installChunkReload } from './shared/lib/chunk-reload';
import './app/styles.css';

/**
 * `npm run dev:mock` answers API calls in the browser with the same MSW handlers the tests use (R18).
 * `import.meta.env.DEV` is false in a production build, so the worker code is dropped from dist.
 */
async function enableMocking(): Promise<void> {
  if (!import.meta.env.DEV || !env.ENABLE_API_MOCKING) return;
  const { worker } = await import('./testing/mocks/browser');
  await worker.start({ onUnhandledRequest: 'bypass' });
}

// A chunk that fails to load after a deployment reloads the page, at most once a minute (spec §9).
installChunkReload();
// A visitor who chose English last time lands on /en when they open the home page.
redirectToPreferredLocale();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

void enableMocking().then(() => {
  // Made once, outside React: the router starts loading the first page's chunk and data right here,
  // before React has rendered anything, and a re-render can never make a second router.
  const queryClient = createQueryClient();
  const router = createBrowserRouter(createAppRoutes(queryClient));
  const root = createRoot(container);
  // As a transition, React renders the first page in slices and lets the browser in between, rather
  // than in one long task that blocks input.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
});
