import { describe, expect, it } from 'vitest';

import { base64UrlDecode, base64UrlEncode, verifyTicketToken } from './ticket-token';

// The server's known answer (ticket-token/tests/known-token.txt): RFC 8032's first key signing fixed
// claims. The same bytes must verify here, and nothing altered may.
const KNOWN = 'NB1.eyJ2IjoxLCJrIjoiMjFmZTMxZGZhMTU0YTI2MSIsIm4iOiJOSy0yMDI2LTAwMDEyMyIsImMiOiIwMTIzNDU2Ny04OWFiLWNkZWYtMDEyMy00NTY3ODlhYmNkZWYiLCJmIjoxLCJ0IjoxMSwicCI6MSwieCI6IlVsZ2EgMzclIiwibmIiOjE3OTYwMjU2MDAsImV4cCI6MTc5NjA1NzcwMH0.GU-GMRDtO2QPNOByvpZ1Q7nmqltNcBrRvdDs4bG-ZZqZGk2rg6S6YiU2zw-nbtua9FhKtrnmvHYNVWjl4sSEDA';
const RFC_KEY = '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo';

describe('ticket codes', () => {
  it('verifies a code the server signed, and reads its claims', async () => {
    const check = await verifyTicketToken(KNOWN, RFC_KEY);
    expect(check).toEqual({
      ok: true,
      claims: {
        v: 1, k: '21fe31dfa154a261', n: 'NK-2026-000123', c: '01234567-89ab-cdef-0123-456789abcdef',
        f: 1, t: 11, p: 1, x: 'Ulga 37%', nb: 1796025600, exp: 1796057700,
      },
    });
  });

  it('refuses an altered, a re-signed or an unreadable code', async () => {
    const [prefix, body = '', signature = ''] = KNOWN.split('.');
    const claims = JSON.parse(new TextDecoder().decode(base64UrlDecode(body) ?? new Uint8Array())) as Record<string, unknown>;
    const altered = [prefix, base64UrlEncode(new TextEncoder().encode(JSON.stringify({ ...claims, n: 'NK-2026-000124' }))), signature].join('.');
    expect(await verifyTicketToken(altered, RFC_KEY)).toEqual({ ok: false, reason: 'forged' });
    const bytes = base64UrlDecode(signature) ?? new Uint8Array();
    bytes[3] = (bytes[3] ?? 0) ^ 1;
    expect(await verifyTicketToken([prefix, body, base64UrlEncode(bytes)].join('.'), RFC_KEY)).toEqual({ ok: false, reason: 'forged' });
    // Genuine, but checked with another key.
    expect(await verifyTicketToken(KNOWN, base64UrlEncode(new Uint8Array(32).fill(9)))).toEqual({ ok: false, reason: 'forged' });
    for (const text of ['', 'NK-2026-000123', 'NB1.e30', 'NB2.' + body + '.' + signature, 'NB1.!!.??', 'NB1.e30.' + signature]) {
      expect(await verifyTicketToken(text, RFC_KEY), text).toEqual({ ok: false, reason: 'unreadable' });
    }
  });
});
