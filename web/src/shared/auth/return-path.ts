/** The query parameter that carries where to go after logging in. */
export const RETURN_PARAM = 'redirect';

/**
 * A return path from the URL, only if it is a path on this site: never `//host` or `https://…`,
 * which would make the login page an open redirect.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
