import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';

import { server } from './mocks/server';

// Resets every zustand store after each test (see __mocks__/zustand.ts, R17).
vi.mock('zustand');

// R18: a request without a handler is a bug in the test or the code, so it fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// React warnings (act(), keys, missing translations from react-intl) surface as console.error:
// treat them as failures instead of noise. A test that expects one calls `allowConsoleErrors()`.
let consoleErrors: unknown[][] = [];
let consoleErrorsAllowed = false;

export function allowConsoleErrors(): void {
  consoleErrorsAllowed = true;
}

beforeEach(() => {
  consoleErrors = [];
  consoleErrorsAllowed = false;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.title = '';
  document.documentElement.removeAttribute('lang');
  if (consoleErrors.length > 0 && !consoleErrorsAllowed) {
    const printed = consoleErrors.map((args) => args.map(String).join(' ')).join('\n---\n');
    throw new Error(`console.error was called during the test:\n${printed}`);
  }
});
