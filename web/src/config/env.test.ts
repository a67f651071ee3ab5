import { describe, expect, it } from 'vitest';

import { parseEnv } from './env';

describe('parseEnv', () => {
  it('defaults the API base URL to /api and mocking to off', () => {
    expect(parseEnv({})).toEqual({ API_URL: '/api', ENABLE_API_MOCKING: false });
  });

  it('reads VITE_APP_* variables and drops a trailing slash', () => {
    expect(
      parseEnv({
        VITE_APP_API_URL: 'https://bus.example.test/api/',
        VITE_APP_ENABLE_API_MOCKING: 'true',
        VITE_OTHER: 'ignored',
      }),
    ).toEqual({ API_URL: 'https://bus.example.test/api', ENABLE_API_MOCKING: true });
  });

  it('rejects an API URL that is neither a path nor an http(s) URL', () => {
    expect(() => parseEnv({ VITE_APP_API_URL: 'api.example.test' })).toThrow(/API_URL/);
  });

  it('rejects a mocking flag other than true/false', () => {
    expect(() => parseEnv({ VITE_APP_ENABLE_API_MOCKING: 'yes' })).toThrow(/ENABLE_API_MOCKING/);
  });
});
