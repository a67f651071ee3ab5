import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiClient } from '@/shared/api/client';
import { showToast } from '@/shared/stores/toast-store';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

afterEach(() => {
  vi.useRealTimers();
});

/** The page's effects (its title among them) have run: the layout is subscribed to its stores. */
async function effectsSettled() {
  await waitFor(() => expect(document.title).not.toBe(''));
}

describe('toasts', () => {
  it('show in the notifications area and close with their button', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });

    act(() => {
      showToast({ type: 'success', title: 'Gotowe', message: 'Zapisano zmiany' });
    });
    const area = screen.getByRole('region', { name: 'Powiadomienia' });
    const toast = await within(area).findByRole('status');
    expect(toast).toHaveTextContent('GotoweZapisano zmiany');

    await user.click(within(toast).getByRole('button', { name: 'Zamknij powiadomienie' }));
    expect(within(area).queryByRole('status')).not.toBeInTheDocument();
  });

  it('close by themselves after their timeout (danger: 20 s)', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await effectsSettled();
    vi.useFakeTimers();

    act(() => {
      showToast({ type: 'danger', message: 'Błąd' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Błąd');

    act(() => {
      vi.advanceTimersByTime(19_999);
    });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('show a failed API call as a danger toast with name and message for 422', async () => {
    server.use(
      http.post('/api/test/save', () =>
        HttpResponse.json(
          { name: 'Unprocessable Entity', message: 'Your registration failed.', status: 422, code: 'account.registration_failed', errors: [] },
          { status: 422 },
        ),
      ),
    );
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });

    await act(() => apiClient.post('/test/save', { body: {} }).catch(() => undefined));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Niepoprawne dane');
    expect(alert).toHaveTextContent('Rejestracja nie powiodła się.');
  });

  it('describe other failures themselves (a 500 is not shown raw)', async () => {
    server.use(http.get('/api/test/broken', () => HttpResponse.json({ name: 'Internal', message: 'db down', status: 500 }, { status: 500 })));
    renderApp('/en');
    await screen.findByRole('heading', { level: 1 });

    await act(() => apiClient.get('/test/broken').catch(() => undefined));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).not.toHaveTextContent('db down');
  });
});
