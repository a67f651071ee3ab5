// A closed banner stays hidden for its refresh_time seconds: a cookie named from its id and 'closed'
// remembers it (docs/web.md, 'Banners').
import { getCookie, setCookie } from '@/shared/lib/cookies';

export function bannerCookieName(id: number): string {
  return `${id}closed`;
}

export function isBannerClosed(id: number): boolean {
  return getCookie(bannerCookieName(id)) !== undefined;
}

export function closeBanner(id: number, refreshTimeSeconds: number): void {
  setCookie(bannerCookieName(id), 'closed', refreshTimeSeconds);
}
