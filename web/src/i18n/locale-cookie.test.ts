import { describe, expect, it, vi } from 'vitest';

import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, preferredLocale, redirectToPreferredLocale, rememberLocale } from './locale-cookie';

function fakeLocation(pathname: string): Location {
  return { pathname, search: '?a=1', hash: '#x' } as Location;
}

describe('locale cookie', () => {
  it('lasts 365 days and remembers the last locale', () => {
    expect(LOCALE_COOKIE_MAX_AGE).toBe(365 * 24 * 60 * 60);
    expect(preferredLocale()).toBeUndefined();
    rememberLocale('en');
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=en`);
    expect(preferredLocale()).toBe('en');
  });

  it('sends the bare home page to /en when English was chosen, keeping query and hash', () => {
    const replaceState = vi.fn();
    const history = { state: null, replaceState } as unknown as History;
    rememberLocale('en');
    redirectToPreferredLocale(fakeLocation('/'), history);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/en?a=1#x');
  });

  it('sends the e-mailed link to a new account address to its English page when English was chosen', () => {
    const replaceState = vi.fn();
    const history = { state: null, replaceState } as unknown as History;
    rememberLocale('en');
    redirectToPreferredLocale({ pathname: '/confirm-email', search: '?token=abc', hash: '' } as Location, history);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/en/confirm-email?token=abc');
  });

  it('leaves other pages, and Polish, alone', () => {
    const replaceState = vi.fn();
    const history = { state: null, replaceState } as unknown as History;
    rememberLocale('en');
    redirectToPreferredLocale(fakeLocation('/regulamin'), history);
    rememberLocale('pl');
    redirectToPreferredLocale(fakeLocation('/'), history);
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('is written by every page for its locale', async () => {
    const { renderApp } = await import('@/testing/test-utils');
    const { screen, waitFor } = await import('@testing-library/react');
    renderApp('/en');
    await screen.findByRole('heading', { level: 1 });
    // The locale provider writes it in an effect, which React runs just after the page is on screen.
    await waitFor(() => expect(preferredLocale()).toBe('en'));
  });
});
