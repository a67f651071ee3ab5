import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { NavigationProgress, PROGRESS_DURATION_MS, PROGRESS_THROTTLE_MS } from './navigation-progress';

function renderWithLoader(delay: number) {
  let finish: () => void = () => undefined;
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <IntlProvider locale="pl" defaultLocale="pl">
            <NavigationProgress />
            <Link to="/slow">go</Link>
            <Outlet />
          </IntlProvider>
        ),
        children: [
          { index: true, element: <p>home</p> },
          {
            path: 'slow',
            loader: () =>
              new Promise<null>((resolve) => {
                finish = () => resolve(null);
                if (delay >= 0) setTimeout(() => resolve(null), delay);
              }),
            element: <p>arrived</p>,
          },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { finish: () => finish() };
}

describe('the top loading bar', () => {
  it('appears only when a navigation takes longer than 200 ms, and goes when it ends', async () => {
    const { finish } = renderWithLoader(-1);
    fireEvent.click(screen.getByRole('link', { name: 'go' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, PROGRESS_THROTTLE_MS / 2)));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'Wczytywanie strony' })).toBeInTheDocument();
    act(() => finish());
    expect(await screen.findByText('arrived')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('never flashes for a quick navigation', async () => {
    renderWithLoader(50);
    fireEvent.click(screen.getByRole('link', { name: 'go' }));
    expect(await screen.findByText('arrived')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, PROGRESS_THROTTLE_MS + 50)));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('runs for at most 5 s, even when the page is still loading', async () => {
    const { finish } = renderWithLoader(-1);
    fireEvent.click(screen.getByRole('link', { name: 'go' }));
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, PROGRESS_DURATION_MS + 100)));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    act(() => finish());
    expect(await screen.findByText('arrived')).toBeInTheDocument();
  });
});
