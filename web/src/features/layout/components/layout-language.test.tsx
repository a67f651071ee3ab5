import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

/** Records the `lang` of every layout read, letting the mock handlers answer them. */
function recordLanguages() {
  const asked: string[] = [];
  const record = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname} ${url.searchParams.get('lang') ?? '(none)'}`);
    // Falls through to the shared handlers.
    return undefined;
  };
  server.use(
    http.get(apiUrl('/app/banner/all'), record),
    http.get(apiUrl('/app/menu/get-menu'), record),
    http.get(apiUrl('/company/company/get-public-settings'), record),
  );
  return asked;
}

describe('the layout’s texts in the page’s language', { timeout: 20_000 }, () => {
  it('shows the English menus, banner and footer texts under /en', async () => {
    const asked = recordLanguages();
    renderApp('/en');

    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByRole('link', { name: 'Home' })).toHaveAttribute('href', '/en');
    expect(within(nav).queryByRole('link', { name: 'Strona główna' })).not.toBeInTheDocument();

    const banners = screen.getByRole('region', { name: 'Announcements' });
    expect(within(banners).getByRole('link', { name: 'Buy your ticket online' })).toBeInTheDocument();
    expect(within(banners).getByText(/no queue, with a QR code on your phone/)).toBeInTheDocument();

    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByText(/Helpline:/)).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Your tickets' })).toHaveAttribute('href', '/en/user/your-tickets');
    expect(within(footer).getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/en/regulamin');
    expect(within(footer).queryByText(/Infolinia/)).not.toBeInTheDocument();

    // Every layout read asked for English; none for Polish.
    expect(asked.length).toBeGreaterThanOrEqual(5);
    expect(asked.every((entry) => entry.endsWith(' en'))).toBe(true);
  });

  it('asks again in the new language when the language is switched', async () => {
    const asked = recordLanguages();
    const { user } = renderApp('/');

    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByText(/Infolinia:/)).toBeInTheDocument();
    expect(within(await screen.findByRole('navigation', { name: 'Menu główne' })).getByRole('link', { name: 'Strona główna' })).toBeInTheDocument();
    expect(asked.every((entry) => entry.endsWith(' pl'))).toBe(true);

    await user.click(within(screen.getByRole('navigation', { name: 'Wybór języka' })).getByRole('link', { name: 'EN' }));

    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByRole('link', { name: 'Home' })).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('contentinfo')).getByText(/Helpline:/)).toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'Announcements' })).getByRole('link', { name: 'Buy your ticket online' })).toBeInTheDocument();
    expect(asked.filter((entry) => entry.endsWith(' en')).length).toBeGreaterThanOrEqual(5);
  });
});
