// What every text value of the API starts with, as the server does it (api-core's values): the
// whitespace its trim drops, its length counted as sent, and its control characters. The one place
// of the web that writes the whitespace class: JavaScript's own `trim` and `\s` differ from the
// server's (they drop U+FEFF and keep U+0085), so a rule that used them would take what the server
// refuses and refuse what it takes (testdata/value-vectors.json has both).

/** The whitespace the server's trim drops (Unicode's `White_Space`), as a class of a pattern. */
const WHITESPACE = '[\\t-\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';

const AROUND = new RegExp(`^${WHITESPACE}+|${WHITESPACE}+$`, 'gu');

/** `value` without the whitespace around it, as the server trims it. */
export function serverTrim(value: string): string {
  return value.replace(AROUND, '');
}

/** How long the server counts `value`: in characters (not UTF-16 units), as sent (before the trim). */
export function lengthAsSent(value: string): number {
  return [...value].length;
}

// Unicode's control characters (Rust's `char::is_control`).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;

/** Whether `value` holds a control character (a line break, a tab, a NUL…). */
export function hasControl(value: string): boolean {
  return CONTROL.test(value);
}
