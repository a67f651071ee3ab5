import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { bannerFixture } from '@/testing/mocks/handlers/app';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

describe('banners strip', () => {
  it('asks for the banners valid now, newest first, as the spec says', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('/api/app/banner/all', ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json({ data: { models: [], pagination: { page: 1, perPage: 999, totalCount: 0, pageCount: 1 } } });
      }),
    );

    renderApp('/');

    await vi.waitFor(() => expect(query).toBeDefined());
    expect(query?.get('page')).toBe('1');
    expect(query?.get('per-page')).toBe('999');
    expect(query?.get('sort')).toBe('-created_at');
    expect(query?.get('filter[valid_from][lt]')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(query?.get('filter[valid_to][gt]')).toBe(query?.get('filter[valid_from][lt]'));
  });

  it('shows a banner with its link and text, and closing it sets the {id}closed cookie', async () => {
    const { user } = renderApp('/');
    const strip = await screen.findByRole('region', { name: 'Komunikaty' });

    expect(within(strip).getByRole('link', { name: 'Kup bilet online' })).toHaveAttribute('href', '/nisko-krakow');
    expect(within(strip).getByText(/Bilety na wszystkie kursy kupisz online/)).toBeInTheDocument();
    expect(strip.querySelector('.banner')).toHaveClass('bg-primary', 'text-white');

    await user.click(within(strip).getByRole('button', { name: 'Zamknij komunikat: Kup bilet online' }));

    expect(screen.queryByRole('region', { name: 'Komunikaty' })).not.toBeInTheDocument();
    expect(document.cookie).toContain(`${bannerFixture.id}closed=closed`);
  });

  it('does not show a banner whose cookie is set', async () => {
    document.cookie = `${bannerFixture.id}closed=closed; path=/`;
    renderApp('/');

    await screen.findByRole('navigation', { name: 'Menu główne' });
    expect(screen.queryByRole('region', { name: 'Komunikaty' })).not.toBeInTheDocument();
  });
});
