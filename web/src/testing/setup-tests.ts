import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';

import '@/app/api-session';
import { loadCatalogue } from '@/i18n/catalogues';
import { loadCodeTexts } from '@/shared/api/server-messages';

import { checkConsoleGuard, startConsoleGuard } from './console-guard';
import { resetMockState } from './mocks/handlers';
import { server } from './mocks/server';

// The app runs on Preact (vite.config.ts). Preact runs effects after the next frame, and jsdom paints
// none: without requestAnimationFrame Preact waits 35 ms for one. Here they run on the next task, as
// React's scheduler runs them, which is what Testing Library waits for after each of its waits (a
// zero timeout). In the browser they run after the frame; the Playwright journeys cover that.
options.requestAnimationFrame = (callback) => setTimeout(callback);

// Lazy pages on a busy 2-core machine can take more than the default second to appear: a worker's
// first render of the admin panel evaluates its modules cold (4.6 s alone on a quiet machine; CI,
// beside the Rust tests, once ran out 5 s on it). The wait is for the modules to load; what each test
// checks is unchanged.
configure({ asyncUtilTimeout: 10_000 });

// Every page's and every feature component's code, loaded before a worker's first test (the test
// files of a worker share their modules, so the others find it loaded): a test's waits are then for
// what its page does, not for the module loader. A worker's first render of the admin panel took
// 4.6 s on a quiet machine, and ran out a 10 s wait in ./test beside the Rust tests. The components
// are globbed, not named, so a screen the panel loads lazily (the till, the month) is never missed.
// (Cold loading is the browser journeys' part.)
const PAGES = import.meta.glob([
  '/src/app/routes/*.tsx',
  '/src/features/*/components/*.tsx',
  '!**/*.test.tsx',
]);
beforeAll(async () => {
  await Promise.all(Object.values(PAGES).map((load) => load()));
}, 120_000);

// Resets every zustand store after each test (see __mocks__/zustand.ts, R17).
vi.mock('zustand');
const { resetAllStores } = (await import('zustand')) as unknown as { resetAllStores: () => void };
afterEach(() => resetAllStores());

// R18: a request without a handler is a bug in the test or the code, so it fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Components rendered outside the router (which loads catalogues) still find English.
beforeAll(async () => {
  await loadCatalogue('en');
});
// The error codes' sentences, which the app loads as it starts (app/start.tsx).
beforeAll(async () => {
  await loadCodeTexts();
});
afterEach(() => {
  server.resetHandlers();
  resetMockState();
});
afterAll(() => server.close());

beforeEach(() => startConsoleGuard());

// jsdom lays nothing out, so it cannot scroll, and <ScrollRestoration /> scrolls on every navigation.
// This stand-in keeps the position it is given, for tests to read back from window.scrollY.
beforeEach(() => {
  window.scrollTo = ((first?: ScrollToOptions | number, second?: number) => {
    const top = typeof first === 'number' ? (second ?? 0) : (first?.top ?? window.scrollY);
    Object.defineProperty(window, 'scrollY', { value: top, configurable: true, writable: true });
  });
  window.scrollTo(0, 0);
});

/** jsdom keeps cookies between tests of a file (banners closed, locale): start each test without any. */
function clearCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  document.title = '';
  document.documentElement.removeAttribute('lang');
  checkConsoleGuard();
});
