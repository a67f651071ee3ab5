/** Reads a cookie of this site by name; `undefined` when it is not set. */
export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const cookie = part.trim();
    if (cookie.startsWith(prefix)) return decodeURIComponent(cookie.slice(prefix.length));
  }
  return undefined;
}

/** Sets a first-party cookie for the whole site that lasts `maxAgeSeconds`. */
export function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie = [
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    'path=/',
    `max-age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'SameSite=Lax',
  ].join('; ');
}

export function deleteCookie(name: string): void {
  setCookie(name, '', 0);
}
