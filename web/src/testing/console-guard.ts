import { vi } from 'vitest';

// React warnings (act(), keys, missing translations from react-intl) surface as console.error:
// the test setup treats them as failures instead of noise. A test that expects one (e.g. an error
// boundary test) calls `allowConsoleErrors()`.
let consoleErrors: unknown[][] = [];
let allowed = false;

export function allowConsoleErrors(): void {
  allowed = true;
}

export function startConsoleGuard(): void {
  consoleErrors = [];
  allowed = false;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
}

export function checkConsoleGuard(): void {
  if (consoleErrors.length === 0 || allowed) return;
  const printed = consoleErrors.map((args) => args.map(String).join(' ')).join('\n---\n');
  throw new Error(`console.error was called during the test:\n${printed}`);
}
