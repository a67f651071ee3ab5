import { describe, expect, it } from 'vitest';

import en from './messages/en.json';
import pl from './messages/pl.json';

// Every source file, read as text, to find the message ids the code declares in `defineMessages`.
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function declaredIds(): Set<string> {
  const ids = new Set<string>();
  for (const source of Object.values(sources)) {
    if (!source.includes('defineMessages')) continue;
    for (const match of source.matchAll(/\bid:\s*'([^']+)'/g)) ids.add(match[1] ?? '');
  }
  return ids;
}

describe('message catalogues', () => {
  it('have the same keys in Polish and English', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(pl).sort());
  });

  it('have no empty translations', () => {
    for (const catalogue of [pl, en]) {
      for (const [id, text] of Object.entries(catalogue)) expect(text.trim(), id).not.toBe('');
    }
  });

  it('match the ids declared in the code, with no missing or stale entries', () => {
    const ids = declaredIds();
    expect(ids.size).toBeGreaterThan(0);
    expect(Object.keys(pl).sort()).toEqual([...ids].sort());
  });
});

describe('lazily loaded code', () => {
  // A production build loads a chunk's messages as the chunk runs (src/i18n/catalogues.ts): code
  // imported lazily renders only once they are there, or its messages would show as their ids.
  // Exempt: the entry's import of the app's start (the router's locale route waits for the shell's
  // messages before the first render), the catalogues' own loading, and the development-only mocks.
  const EXEMPT = new Set(['/src/main.tsx', '/src/i18n/catalogues.ts']);
  const DEVELOPMENT_ONLY = /import\(\s*'@\/testing\//;

  it('is imported through withMessages()', () => {
    const unwrapped: string[] = [];
    for (const [path, source] of Object.entries(sources)) {
      if (EXEMPT.has(path)) continue;
      for (const match of source.matchAll(/(\w*\(?)\s*import\(\s*(?:\/\*[^*]*\*\/\s*)?['"`][^'"`]+/g)) {
        if (match[1] === 'withMessages(' || match[1] === 'typeof' || DEVELOPMENT_ONLY.test(match[0])) continue;
        unwrapped.push(`${path}: ${match[0].trim()}`);
      }
    }
    expect(unwrapped).toEqual([]);
  });
});

describe('English texts of a ticket', () => {
  // Issue #30: "Course: Outbound" and "change a ticket's course" read as Polish put word for word
  // into English ("kurs"): a passenger's ticket has a journey and a departure.
  it('say journey or departure, never "course"', () => {
    const ticketTexts = Object.entries(en).filter(([id]) => id.startsWith('tickets.') || id.startsWith('order.success.'));
    expect(ticketTexts.length).toBeGreaterThan(0);
    expect(ticketTexts.filter(([, text]) => /\bcourses?\b/i.test(text))).toEqual([]);
  });
});
