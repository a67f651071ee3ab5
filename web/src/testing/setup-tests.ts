import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';

import { checkConsoleGuard, startConsoleGuard } from './console-guard';
import { resetAccountsMock } from './mocks/handlers/accounts';
import { server } from './mocks/server';

// Resets every zustand store after each test (see __mocks__/zustand.ts, R17).
vi.mock('zustand');

// R18: a request without a handler is a bug in the test or the code, so it fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetAccountsMock();
});
afterAll(() => server.close());

beforeEach(() => startConsoleGuard());

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
