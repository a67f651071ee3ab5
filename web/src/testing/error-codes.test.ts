// Issue 29: every error code the backend documents (docs/errors.md) has a text of its own in Polish and
// in English, so no screen shows the server's English message or the general fallback for it; and the
// fallback for a code nobody documented is a general sentence in the page's language. The codes are read
// from the API document's ApiErrorBody.code enum (web/openapi.json), which is exactly docs/errors.md's list
// (app/src/openapi.rs, `every_code_is_well_formed_and_documented`): when the backend gains a code, the
// document lists it and this test asks for its texts.
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';

import en from '@/i18n/messages/en.json';
import pl from '@/i18n/messages/pl.json';
import { knownServerText, serverMessage } from '@/shared/api/server-messages';
import { formatDisplayText } from '@/shared/lib/display-text';

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
