// Issue 29: every error code the backend documents (docs/errors.md) has a text of its own in Polish and
// in English, so no screen shows the server's English message or the general fallback for it; and the
// fallback for a code nobody documented is a general sentence in the page's language. The codes are read
// from the API document's ApiErrorBody.code enum (web/openapi.json), which is exactly docs/errors.md's list
// (app/src/openapi.rs, `every_code_is_well_formed_and_documented`): when the backend gains a code, the
// document lists it and this test asks for its texts.
//
// Issue 37: those texts are one table, from code to message (shared/api/server-code-texts.ts), where a
// screen or a field that says a code its own way is an entry's variant: every entry, variants included,
// is a documented code said in both languages, and no other module keys anything by a code.
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';

import en from '@/i18n/messages/en.json';
import pl from '@/i18n/messages/pl.json';
import type { CodeTranslation, ScreenTranslation, ServerText } from '@/shared/api/code-entry';
import { CODE_TABLE } from '@/shared/api/server-code-texts';
import { knownServerText, serverMessage } from '@/shared/api/server-messages';
import { formatDisplayText, type DisplayText } from '@/shared/lib/display-text';

import openapiDocument from '../../openapi.json';

const polish = createIntl({ locale: 'pl', defaultLocale: 'pl', messages: pl });
const english = createIntl({ locale: 'en', defaultLocale: 'pl', messages: en });

interface ErrorSchema {
  components: { schemas: { ApiErrorBody: { properties: { code: { enum: string[] } } } } };
}

/** The backend's codes: docs/errors.md's, as the API document lists them. */
const DOCUMENTED = (openapiDocument as unknown as ErrorSchema).components.schemas.ApiErrorBody.properties.code.enum;

/** A bare `conflict` says nothing but its status: each screen words its own conflicts, and the customer
 * site shows the general sentence for it (server-messages.test.ts), the panel its own (admin-errors.ts). */
const GENERAL_BY_RULE = new Set(['conflict']);

const sample = (code: string) => ({ code, message: `The server's English for ${code}.` });

describe('the documented error codes', () => {
  it('are read from the API document', () => {
    expect(DOCUMENTED.length).toBeGreaterThan(150);
    expect(DOCUMENTED).toContain('route.archived');
  });

  it('each have a text of their own in the site’s catalogue', () => {
    const missing = DOCUMENTED.filter((code) => !GENERAL_BY_RULE.has(code) && knownServerText(sample(code)) === null);
    expect(missing).toEqual([]);
  });

  it('are said in Polish and in English, never as the server’s message', () => {
    const fallbacks = [serverMessage(polish, sample('no.such_code')), serverMessage(english, sample('no.such_code'))];
    const wrong = DOCUMENTED.filter((code) => !GENERAL_BY_RULE.has(code)).flatMap((code) => {
      const known = knownServerText(sample(code));
      if (!known) return [];
      const texts = [formatDisplayText(polish, known), formatDisplayText(english, known)];
      const bad = texts.some((text, i) => text.trim() === '' || text.includes('English for') || text === fallbacks[i]);
      return bad || texts[0] === texts[1] ? [code] : [];
    });
    expect(wrong).toEqual([]);
  });
});

describe('the fallback for a code nobody translated', () => {
  it('is a general sentence in the page’s language, English included, with nothing of the server’s text', () => {
    const text = { code: 'moon.wrong_phase', message: 'The moon is in the wrong phase (field moon_phase).' };
    expect(serverMessage(polish, text)).toBe('Serwer nie mógł wykonać tej operacji. Sprawdź dane i spróbuj ponownie.');
    expect(serverMessage(english, text)).toBe('The server could not do this. Check the data and try again.');
  });
});

/** Every translation an entry's variant holds, with the field it is for (`undefined`: any field). */
function variants(said: ScreenTranslation): [string | undefined, CodeTranslation][] {
  return typeof said === 'object' && 'fields' in said ? Object.entries(said.fields) : [[undefined, said]];
}

/** A translation said for `code` on `field`, with and without the numbers a code may carry. */
function said(translation: CodeTranslation, code: string, field: string | undefined): DisplayText[] {
  const text = (params?: ServerText['params']): ServerText => ({ code, message: `The server's English for ${code}.`, field, params });
  if (typeof translation !== 'function') return [translation];
  return [translation(text()), translation(text({ min: 2, max: 7, minutes: 15, available: 3 })), translation(text({ available: 0 }))];
}

describe('the one table of codes', () => {
  it('has an entry for every documented code, and for nothing else', () => {
    const entries = Object.keys(CODE_TABLE);
    expect(entries.filter((code) => !DOCUMENTED.includes(code))).toEqual([]);
    expect(DOCUMENTED.filter((code) => !(code in CODE_TABLE))).toEqual([]);
  });

  it('says every screen’s and field’s own words in Polish and in English, never as the server’s message', () => {
    const fallbacks = [serverMessage(polish, sample('no.such_code')), serverMessage(english, sample('no.such_code'))];
    const wrong = Object.entries(CODE_TABLE).flatMap(([code, entry]) =>
      Object.entries(entry.on ?? {}).flatMap(([screen, on]) =>
        variants(on).flatMap(([field, translation]) =>
          said(translation, code, field === '*' ? 'other' : field).flatMap((shown) => {
            const texts = [formatDisplayText(polish, shown), formatDisplayText(english, shown)];
            const bad = texts.some((text, i) => text.trim() === '' || text.includes('English for') || text === fallbacks[i]);
            return bad || texts[0] === texts[1] ? [`${code} on ${screen} ${field ?? ''}`] : [];
          }),
        ),
      ),
    );
    expect(wrong).toEqual([]);
  });

  it('is the only place that keys anything by a code', () => {
    // Every source file but the table (tests, mocks and generated API types aside), read as text.
    const sources = import.meta.glob<string>(
      ['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/testing/**', '!/src/shared/api/server-code-texts.ts', '!/src/shared/api/*.gen.ts'],
      { query: '?raw', import: 'default', eager: true },
    );
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const dotted = new Set(DOCUMENTED.filter((code) => code.includes('.')));
    const keyed = Object.entries(sources).flatMap(([file, source]) =>
      [...source.matchAll(/^\s*'([a-z_]+\.[a-z_.]+)'\s*:/gm)].filter((match) => dotted.has(match[1] ?? '')).map((match) => `${file}: ${match[1] ?? ''}`),
    );
    expect(keyed).toEqual([]);
  });
});
