/// <reference types="node" />
// The shared value vectors (testdata/value-vectors.json at the repository's root): the web's rules take
// every valid example and refuse every invalid one with the server's code and numbers. The server's
// value types run on the same file (api-core/tests/vectors.rs), so the two rules cannot drift apart.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import type { Rule } from './problem';
import { email, line, nip, phone, postalCode, text } from './values';

type Part = string | [string, number];
interface Example {
  value: string | Part[];
  code?: string;
  params?: Record<string, number>;
  note?: string;
}
interface Vectors {
  valid: Example[];
  invalid: Example[];
}

// Vitest runs from web/ (its config is there).
const file = path.join(process.cwd(), '..', 'testdata', 'value-vectors.json');
const vectors = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Vectors | string[]>;

const joined = (value: Example['value']): string =>
  typeof value === 'string' ? value : value.map((part) => (typeof part === 'string' ? part : part[0].repeat(part[1]))).join('');

const RULES: Record<string, Rule> = {
  email,
  phone,
  nip,
  postal_code: postalCode,
  line100: line(100),
  text500: text(500),
};

describe('the shared value vectors', () => {
  it('name only values the web has a rule for, and every rule has examples', () => {
    const names = Object.keys(vectors).filter((name) => name !== 'about');
    expect(names.sort()).toEqual(Object.keys(RULES).sort());
  });

  for (const [name, rule] of Object.entries(RULES)) {
    describe(name, () => {
      const { valid, invalid } = vectors[name] as Vectors;

      it('takes every valid example', () => {
        expect(valid.length).toBeGreaterThan(0);
        for (const example of valid) expect(rule(joined(example.value)), JSON.stringify(example)).toBeNull();
      });

      it('refuses every invalid example with the server\'s code and numbers', () => {
        expect(invalid.length).toBeGreaterThan(0);
        for (const example of invalid) {
          const problem = rule(joined(example.value));
          expect(problem?.code, JSON.stringify(example)).toBe(example.code);
          if (example.params) expect(problem?.params, JSON.stringify(example)).toEqual(example.params);
        }
      });
    });
  }
});
