import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '@/testing/mocks/server';

import { ApiError } from './api-error';
import { apiClient, buildUrl } from './client';

describe('buildUrl', () => {
  it('resolves the default /api base against the page origin and adds query params', () => {
    expect(buildUrl('/app/banner/all', { page: 1, 'per-page': 999, skip: undefined }, '/api')).toBe(
      `${window.location.origin}/api/app/banner/all?page=1&per-page=999`,
    );
  });

  it('keeps an absolute base URL', () => {
    expect(buildUrl('company/company/get-public-settings', undefined, 'https://bus.example.test/api')).toBe(
      'https://bus.example.test/api/company/company/get-public-settings',
    );
  });
});

describe('apiClient', () => {
  it('sends Accept: application/json and returns the parsed body', async () => {
    server.use(
      http.get('/api/echo', ({ request }) => HttpResponse.json({ data: { accept: request.headers.get('accept') } })),
    );

    await expect(apiClient.get('/echo')).resolves.toEqual({ data: { accept: 'application/json' } });
  });

  it('sends a JSON body on POST', async () => {
    server.use(
      http.post('/api/echo', async ({ request }) =>
        HttpResponse.json({ type: request.headers.get('content-type'), body: await request.json() }),
      ),
    );

    await expect(apiClient.post('/echo', { body: { code: 'ABC' } })).resolves.toEqual({
      type: 'application/json',
      body: { code: 'ABC' },
    });
  });

  it('maps a 422 error body to an ApiError with field errors', async () => {
    server.use(
      http.post('/api/order/order/place', () =>
        HttpResponse.json(
          {
            name: 'Unprocessable entity',
            message: 'Data Validation Failed.',
            status: 422,
            errors: [{ field: 'email', message: 'Email is not a valid email address.' }],
          },
          { status: 422 },
        ),
      ),
    );

    const error: unknown = await apiClient.post('/order/order/place', { body: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.name).toBe('Unprocessable entity');
    expect(apiError.message).toBe('Data Validation Failed.');
    expect(apiError.status).toBe(422);
    expect(apiError.fieldError('email')).toBe('Email is not a valid email address.');
  });

  it('maps an error without a JSON body to a generic ApiError with the HTTP status', async () => {
    server.use(http.get('/api/broken', () => new HttpResponse('Bad gateway', { status: 502, statusText: 'Bad Gateway' })));

    await expect(apiClient.get('/broken')).rejects.toMatchObject({ name: 'Bad Gateway', status: 502, errors: [] });
  });

  it('rejects a successful answer that is not JSON', async () => {
    server.use(http.get('/api/html', () => HttpResponse.html('<!doctype html><title>app</title>')));

    await expect(apiClient.get('/html')).rejects.toMatchObject({ name: 'InvalidResponse', status: 200 });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    server.use(http.get('/api/offline', () => HttpResponse.error()));

    await expect(apiClient.get('/offline')).rejects.toMatchObject({ name: 'NetworkError', status: 0 });
  });
});
