import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { publicSettingsFixture } from '@/testing/mocks/handlers/company';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const year = new Date().getFullYear();

describe('home page', () => {
  it('renders the Polish layout with the search heading at /', async () => {
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Wyszukaj połączenie' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Wyszukaj połączenie | Nisko Bus'));
    // <html lang> is set in an effect, after the first render.
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'pl'));

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Nisko Bus' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('link', { name: 'Przejdź do treści' })).toHaveAttribute('href', '#main-content');
    expect(within(screen.getByRole('contentinfo')).getByText(`© 2022–${year} Nisko Bus`)).toBeInTheDocument();
  });

  it('shows both footer texts from the public company settings', async () => {
    renderApp('/');

    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByText('Nisko Bus Sp. z o.o.')).toBeInTheDocument();
    expect(within(footer).getByText(/ul\. Kolejowa 1, 37-400 Nisko/)).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: '+48 15 000 00 00' })).toHaveAttribute('href', 'tel:+48150000000');
    expect(publicSettingsFixture.page_footer_2).toContain('+48 15 000 00 00');
  });

  it('still renders, without footer texts, when the settings call fails', async () => {
    let called = false;
    server.use(
      http.get('/api/company/company/get-public-settings', () => {
        called = true;
        return HttpResponse.json({ name: 'Internal Server Error', message: 'boom', status: 500 }, { status: 500 });
      }),
    );

    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Wyszukaj połączenie' })).toBeInTheDocument();
    await vi.waitFor(() => expect(called).toBe(true));
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).queryByText('Nisko Bus Sp. z o.o.')).not.toBeInTheDocument();
    expect(within(footer).getByText(`© 2022–${year} Nisko Bus`)).toBeInTheDocument();
  });

  it('renders in English under /en', async () => {
    renderApp('/en');

    expect(await screen.findByRole('heading', { level: 1, name: 'Search connections' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Search connections | Nisko Bus'));
    // <html lang> is set in an effect, after the first render.
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'en'));
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Nisko Bus' })).toHaveAttribute('href', '/en');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
  });
});
