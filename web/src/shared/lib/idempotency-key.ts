// Idempotency-Key: a creating request (placing an order, filing a complaint, issuing a batch of
// coupons) carries one key per filled form; a retry after a lost answer sends the same key with the very
// same bytes, so the server answers the first request's answer and creates nothing twice. A body that
// changed is another request and gets a new key (the server refuses a key reused for other data).

/** A new Idempotency-Key: a random UUID (random hex where `randomUUID` is missing, e.g. plain http). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A request's key with the exact body (serialised) it was sent with. */
export interface KeyedAttempt {
  key: string;
  body: string;
}

/** How to send `body`: as the earlier attempt when it sent the same bytes (a retry), else with a new key. */
export function attemptFor(earlier: KeyedAttempt | null, body: string): KeyedAttempt {
  return earlier?.body === body ? earlier : { key: newIdempotencyKey(), body };
}
