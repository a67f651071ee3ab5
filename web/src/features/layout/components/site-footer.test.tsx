import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

import { publicSettingsQueryOptions } from '../api/get-public-settings';

describe('footer', () => {
  it('has the two bottom menus as columns', async () => {
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');

    const first = await within(footer).findByRole('navigation', { name: 'Stopka 1' });
    expect(within(first).getByRole('link', { name: 'Regulamin' })).toHaveAttribute('href', '/regulamin');
    const second = await within(footer).findByRole('navigation', { name: 'Stopka 2' });
    expect(within(second).getByRole('link', { name: 'Twoje bilety' })).toHaveAttribute('href', '/user/your-tickets');
  });

  it('keeps the public settings as server data (the settings query)', async () => {
    const { queryClient } = renderApp('/');
    await within(await screen.findByRole('contentinfo')).findByText('Nisko Bus Sp. z o.o.');
    expect(queryClient.getQueryData(publicSettingsQueryOptions('pl').queryKey)?.page_footer_1).toContain('Nisko Bus Sp. z o.o.');
  });

  it('shows no column for a menu that does not exist', async () => {
    server.use(
      http.get('/api/app/menu/get-menu', () =>
        HttpResponse.json({ name: 'Not Found', message: 'there is no bottom1 menu', status: 404 }, { status: 404 }),
      ),
    );
    renderApp('/');

    await within(await screen.findByRole('contentinfo')).findByText('Nisko Bus Sp. z o.o.');
    expect(within(screen.getByRole('contentinfo')).queryByRole('navigation')).not.toBeInTheDocument();
    // Background reads fail quietly: no toast.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
