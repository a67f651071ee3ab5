// A ticket's signed code (`NB1.<claims>.<signature>`, docs/tickets.md): what its QR code carries,
// read and checked with the carrier's Ed25519 public key without a network. @noble/ed25519 (audited,
// without dependencies) verifies, so it works where the browser's WebCrypto has no Ed25519 yet (Safari
// before 17, older Chromes on the drivers' phones); it hashes with WebCrypto's SHA-512.
import { verifyAsync } from '@noble/ed25519';

export const TOKEN_PREFIX = 'NB1';

/** What a code says (the field names are the token's own, short for the QR code). */
export interface TicketClaims {
  v: number;
  /** The id of the key that signed. */
  k: string;
  /** The ticket's number. */
  n: string;
  /** The course it boards. */
  c: string;
  /** The stops it boards at and leaves at (ids). */
  f: number;
  t: number;
  /** Passengers it carries. */
  p: number;
  /** Its discount's name. */
  x?: string;
  /** Boards from and until, Unix seconds. */
  nb: number;
  exp: number;
}

export type TokenCheck = { ok: true; claims: TicketClaims } | { ok: false; reason: 'unreadable' | 'forged' };

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function base64UrlDecode(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

function isClaims(value: unknown): value is TicketClaims {
  if (value === null || typeof value !== 'object') return false;
  const c = value as Record<string, unknown>;
  return (
    c.v === 1 &&
    typeof c.k === 'string' &&
    typeof c.n === 'string' &&
    typeof c.c === 'string' &&
    typeof c.f === 'number' &&
    typeof c.t === 'number' &&
    typeof c.p === 'number' &&
    (c.x === undefined || typeof c.x === 'string') &&
    typeof c.nb === 'number' &&
    typeof c.exp === 'number'
  );
}

/** The parts of a code that looks like one: the signed text, the claims and the signature. */
function split(token: string): { signed: string; claims: TicketClaims; signature: Uint8Array } | null {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts[0] !== TOKEN_PREFIX) return null;
  const [, body = '', sig = ''] = parts;
  const json = base64UrlDecode(body);
  const signature = base64UrlDecode(sig);
  if (!json || !signature || signature.length !== 64) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(new TextDecoder().decode(json));
  } catch {
    return null;
  }
  return isClaims(claims) ? { signed: `${TOKEN_PREFIX}.${body}`, claims, signature } : null;
}

/** Checks a scanned text: a genuine code of the key `publicKey` (32 bytes, base64url), or why not. */
export async function verifyTicketToken(token: string, publicKey: string): Promise<TokenCheck> {
  const parts = split(token);
  const key = base64UrlDecode(publicKey);
  if (!parts || !key || key.length !== 32) return { ok: false, reason: 'unreadable' };
  let genuine = false;
  try {
    genuine = await verifyAsync(parts.signature, new TextEncoder().encode(parts.signed), key);
  } catch {
    genuine = false;
  }
  return genuine ? { ok: true, claims: parts.claims } : { ok: false, reason: 'forged' };
}

/** The claims and signed text of a code, unchecked (to build one in tests and mocks). */
export function encodeClaims(claims: TicketClaims): string {
  return `${TOKEN_PREFIX}.${base64UrlEncode(new TextEncoder().encode(JSON.stringify(claims)))}`;
}
