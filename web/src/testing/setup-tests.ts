import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';

import { checkConsoleGuard, startConsoleGuard } from './console-guard';
import { server } from './mocks/server';

// Resets every zustand store after each test (see __mocks__/zustand.ts, R17).
vi.mock('zustand');

// R18: a request without a handler is a bug in the test or the code, so it fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

beforeEach(() => startConsoleGuard());

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.title = '';
  document.documentElement.removeAttribute('lang');
  checkConsoleGuard();
});
