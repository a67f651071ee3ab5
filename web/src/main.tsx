import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app';
import { env } from './config/env';
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

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

void enableMocking().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
