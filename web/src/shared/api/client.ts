// A small fetch wrapper: base URL from env, JSON in and out, every failure an `ApiError`.
//
// It also carries the session: the bearer token of the logged-in user goes with every request, and
// a 401 while a token is held ends the local session (the token expired or was revoked). A failure
// is shown as a danger toast (docs/web.md, 'Every failed call is told')
// unless the caller passes `toast: false` and handles it.
// Where the token comes from and how a failure is shown are the app's business: the app shell wires
// them in with `configureApiClient` (app/api-session.ts), so this layer imports no store.
//
// It returns `unknown` on purpose: each endpoint file parses the body with its own zod schema
// (R16), so a backend change shows up as a parse error at the edge, not as `undefined` deep in a
// component.
import { env } from '@/config/env';

import { ApiError, apiErrorBodySchema } from './api-error';

/** What the client needs from the app: the session's token, and what to do on a 401 and on a failure. */
export interface ApiClientHooks {
  /** The bearer token to send, or null for a guest. */
  token: () => string | null;
  /** The server refused `token` (401): the session it belongs to has ended. */
  onUnauthorized: (token: string) => void;
  /** A request failed and its caller did not take the telling upon itself (`toast`). */
  onFailure: (error: ApiError) => void;
}

let hooks: ApiClientHooks = { token: () => null, onUnauthorized: () => undefined, onFailure: () => undefined };

/** Called once by the app shell (and the test setup) before any request. */
export function configureApiClient(next: ApiClientHooks): void {
  hooks = next;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  params?: QueryParams;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Show a danger toast when the request fails (default). Pass `false` for background reads whose
   * failure the page handles quietly (menus, banners) or explains itself, or a test of the error for
   * a page that explains some failures itself (a 404 that becomes the not-found page).
   */
  toast?: boolean | ((error: ApiError) => boolean);
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Joins the API base URL, a path and query parameters. A relative base URL (the default `/api`)
 * is resolved against the page's origin, so the same code works in the browser and under jsdom.
 */
export function buildUrl(path: string, params?: QueryParams, baseUrl: string = env.API_URL): string {
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  const url = new URL(`${baseUrl}/${path.replace(/^\/+/, '')}`, origin);
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.append(key, String(value));
  }
  return url.toString();
}

function isJson(response: Response): boolean {
  return /^application\/([\w.+-]+\+)?json\b/i.test(response.headers.get('content-type') ?? '');
}

async function toApiError(response: Response): Promise<ApiError> {
  if (isJson(response)) {
    try {
      const parsed = apiErrorBodySchema.safeParse(await response.json());
      if (parsed.success) return new ApiError(parsed.data);
    } catch {
      // An unreadable body falls through to the generic error below.
    }
  }
  return new ApiError({
    name: response.statusText || 'HttpError',
    message: `Request failed with status ${response.status}`,
    status: response.status,
  });
}

async function request(method: Method, path: string, options: RequestOptions = {}): Promise<unknown> {
  try {
    return await send(method, path, options);
  } catch (error) {
    if (error instanceof ApiError && wantsToast(options.toast, error)) hooks.onFailure(error);
    throw error;
  }
}

function wantsToast(toast: RequestOptions['toast'], error: ApiError): boolean {
  return typeof toast === 'function' ? toast(error) : toast !== false;
}

async function send(method: Method, path: string, options: RequestOptions): Promise<unknown> {
  const token = hooks.token();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...options.headers,
  };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params), {
      method,
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    // A cancelled request stays an AbortError: callers (react-query) treat it as "not a failure".
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ name: 'NetworkError', message: 'The server could not be reached', status: 0 }, { cause });
  }

  if (!response.ok) {
    // The server no longer knows this session: forget it, so the page shows the user as logged out.
    if (response.status === 401 && token) hooks.onUnauthorized(token);
    throw await toApiError(response);
  }
  if (response.status === 204) return undefined;
  if (!isJson(response)) {
    // E.g. an HTML page from a static server that has no API behind it.
    throw new ApiError({
      name: 'InvalidResponse',
      message: 'The server did not answer with JSON',
      status: response.status,
    });
  }
  return response.json();
}

/**
 * A document (a PDF, an XML or CSV file) with the session's token: a plain link would carry no bearer
 * token, and the API answers 401 to it. `url` is the API's own (`/api/…?id=`).
 */
async function file(url: string, options: Pick<RequestOptions, 'signal' | 'toast'> = {}): Promise<Blob> {
  const token = hooks.token();
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  try {
    let response: Response;
    try {
      response = await fetch(new URL(url, origin).toString(), {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        signal: options.signal,
        credentials: 'same-origin',
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError({ name: 'NetworkError', message: 'The server could not be reached', status: 0 }, { cause });
    }
    if (!response.ok) {
      if (response.status === 401 && token) hooks.onUnauthorized(token);
      throw await toApiError(response);
    }
    return await response.blob();
  } catch (error) {
    if (error instanceof ApiError && wantsToast(options.toast, error)) hooks.onFailure(error);
    throw error;
  }
}

export const apiClient = {
  file,
  get: (path: string, options?: Omit<RequestOptions, 'body'>) => request('GET', path, options),
  post: (path: string, options?: RequestOptions) => request('POST', path, options),
  put: (path: string, options?: RequestOptions) => request('PUT', path, options),
  delete: (path: string, options?: RequestOptions) => request('DELETE', path, options),
};
