/// <reference types="node" />
// The generated API types (openapi.gen.ts) must be what the committed openapi.json gives: a refreshed
// document without `npm run api:types` fails here, before a shape the app relies on drifts.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

describe('openapi.gen.ts', () => {
  it('is up to date with openapi.json', () => {
    // Vitest runs from web/ (its config is there).
    const script = path.join(process.cwd(), 'scripts', 'api-types.mjs');
    const run = () => execFileSync(process.execPath, [script, '--check'], { encoding: 'utf8', stdio: 'pipe' });
    expect(run).not.toThrow();
  });
});
