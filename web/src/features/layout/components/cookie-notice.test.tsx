import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/test-utils';

import { useCookieNoticeStore } from '../stores/cookie-notice-store';

describe('cookie notice', () => {
  it('is shown until accepted, and the acceptance is remembered', async () => {
    const { user } = renderApp('/');
    const notice = await screen.findByRole('region', { name: 'Informacja o plikach cookies' });

    await user.click(screen.getByRole('button', { name: 'Rozumiem' }));

    expect(notice).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('nisko-bus.cookie-notice') ?? '{}')).toMatchObject({
      state: { accepted: true },
    });
  });

  it('starts from a fresh store in every test', async () => {
    expect(useCookieNoticeStore.getState().accepted).toBe(false);
    renderApp('/en');

    expect(await screen.findByRole('region', { name: 'Cookie notice' })).toBeInTheDocument();
  });
});
