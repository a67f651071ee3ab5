import { env } from '@/config/env';

/** The URL pattern of an API path, built from the same base URL the app uses. */
export function apiUrl(path: string): string {
  return `${env.API_URL}/${path.replace(/^\/+/, '')}`;
}
