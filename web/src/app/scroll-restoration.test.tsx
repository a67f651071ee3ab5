import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/test-utils';

describe('scroll position between pages', () => {
  it('starts a new page at the top, and back returns to where the last page was left', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wyszukaj połączenie' })).toBeInTheDocument();

    // Far down the home page, the user follows a link.
    window.scrollTo(0, 1500);
    await act(() => router.navigate('/user/return-ticket'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Zwrot biletu' })).toBeInTheDocument();
    expect(window.scrollY).toBe(0);

    window.scrollTo(0, 300);
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Wyszukaj połączenie' })).toBeInTheDocument();
    expect(window.scrollY).toBe(1500);

    await act(() => router.navigate(1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Zwrot biletu' })).toBeInTheDocument();
    expect(window.scrollY).toBe(300);
  });

  it('also resets on a change of language (a new page) and within English', async () => {
    const { router } = renderApp('/regulamin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Regulamin' })).toBeInTheDocument();

    window.scrollTo(0, 900);
    await act(() => router.navigate('/en/user/return-ticket'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Return a ticket' })).toBeInTheDocument();
    expect(window.scrollY).toBe(0);
  });
});
