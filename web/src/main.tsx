// The entry: as little as possible runs here. React is loaded with it; the router, the app's modules
// and the first render come from ./app/start, in a task of their own (see that module).
import { createRoot } from 'react-dom/client';

import { redirectToPreferredLocale } from './i18n/locale-cookie';
import { installChunkReload } from './shared/lib/chunk-reload';
import { yieldToMain } from './shared/lib/yield-to-main';
import './app/styles/index.css';

// A chunk that fails to load after a deployment reloads the page, at most once a minute
// (docs/web.md, 'A new version of the app').
installChunkReload();
// A visitor who chose English last time lands on /en when they open the home page.
redirectToPreferredLocale();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');
const root = createRoot(container);

async function boot(): Promise<void> {
  await yieldToMain();
  const { start } = await import('./app/start');
  await start(root);
}

void boot();
