import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { publicSettingsFixture } from '@/testing/mocks/handlers/company';
import { server } from '@/testing/mocks/server';

import { getPublicSettings } from './get-public-settings';

describe('getPublicSettings', () => {
  it('returns the footer texts from data.settings', async () => {
    await expect(getPublicSettings()).resolves.toEqual(publicSettingsFixture);
  });

  it('treats missing or null texts as empty and drops unknown settings', async () => {
    server.use(
      http.get('/api/company/company/get-public-settings', () =>
        HttpResponse.json({ data: { settings: { page_footer_1: null, refresh_time: 60 } } }),
      ),
    );

    await expect(getPublicSettings()).resolves.toEqual({ page_footer_1: '', page_footer_2: '' });
  });

  it('rejects a body of the wrong shape', async () => {
    server.use(http.get('/api/company/company/get-public-settings', () => HttpResponse.json({ data: [] })));

    await expect(getPublicSettings()).rejects.toThrow();
  });
});
