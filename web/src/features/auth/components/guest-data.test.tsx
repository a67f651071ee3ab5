// Issue 38: a guest's personal data without an account: the link asked for with an order's number and
// e-mail, the data shown by the e-mailed link, downloaded as JSON, and erased (asked first), after
// which the link is dead.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { GUEST_ORDER, GUEST_TOKEN } from '@/testing/mocks/handlers/privacy';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

function linkBodies() {
  const bodies: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && request.url.endsWith('/privacy/guest/link')) void request.clone().json().then((body: unknown) => bodies.push(body));
  });
  return bodies;
}

describe("a guest's personal data", { timeout: 30_000 }, () => {
  it('is linked from the footer and the login page', async () => {
    const { user, router } = renderApp('/login');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Twoje dane osobowe' })).toHaveAttribute('href', '/personal-data');
    await user.click(await screen.findByRole('link', { name: 'Kupujesz bez konta? Zobacz lub usuń swoje dane osobowe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Twoje dane osobowe' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/personal-data');
  });

  it('asks for the link with the order number and its e-mail, and says where it went', async () => {
    const bodies = linkBodies();
    const { user } = renderApp('/personal-data');
    await user.click(await screen.findByRole('button', { name: 'Wyślij link' }));
    expect(screen.getByLabelText('Numer zamówienia')).toHaveAccessibleDescription(/Podaj numer zamówienia\./);
    expect(screen.getByLabelText('E-mail podany w zamówieniu')).toHaveAccessibleDescription('Podaj adres e-mail.');
    expect(screen.getByLabelText('Numer zamówienia')).toHaveFocus();

    await user.type(screen.getByLabelText('Numer zamówienia'), ` ${GUEST_ORDER} `);
    // Correcting a field leaves the focus in it (not on the next field with an error).
    expect(screen.getByLabelText('Numer zamówienia')).toHaveFocus();
    await user.type(screen.getByLabelText('E-mail podany w zamówieniu'), 'ewa.gosc@example.com');
    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Jeśli zamówienie ${GUEST_ORDER} ma ten adres e-mail, wysłaliśmy na niego link do Twoich danych. Link jest ważny 24 godziny.`,
    );
    await waitFor(() => expect(bodies).toEqual([{ number: GUEST_ORDER, email: 'ewa.gosc@example.com', language: 'pl' }]));
  });

  it('asks for the e-mail in English under /en', async () => {
    const bodies = linkBodies();
    const { user } = renderApp('/en/personal-data');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your personal data' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Order number'), GUEST_ORDER);
    await user.type(screen.getByLabelText('The e-mail address given with the order'), 'ewa.gosc@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`If order ${GUEST_ORDER} has this e-mail address, we have sent a link to your data to it.`);
    await waitFor(() => expect(bodies).toEqual([{ number: GUEST_ORDER, email: 'ewa.gosc@example.com', language: 'en' }]));
  });

  it('shows the data by the link, downloads them as JSON, and erases them after asking', async () => {
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test/guest');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = renderApp(`/personal-data?token=${GUEST_TOKEN}`);
    expect(await screen.findByRole('heading', { level: 3, name: new RegExp(`^${GUEST_ORDER}, złożone`) })).toBeInTheDocument();
    expect(screen.getByText('Ewa Gość, ewa.gosc@example.com, +48 600 700 800')).toBeInTheDocument();
    // A guest has no account: no section of it.
    expect(screen.queryByRole('heading', { name: 'Konto' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pobierz jako JSON' }));
    expect(names).toEqual(['moje-dane-2026-11-27.json']);

    await user.click(screen.getByRole('button', { name: 'Usuń moje dane' }));
    const question = screen.getByRole('region', { name: 'Usunąć Twoje dane?' });
    expect(within(question).getByRole('heading', { name: 'Usunąć Twoje dane?' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Nie usuwaj' }));
    expect(screen.queryByRole('region', { name: 'Usunąć Twoje dane?' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Usuń moje dane' }));
    await user.click(screen.getByRole('button', { name: 'Tak, usuń moje dane' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Twoje dane zostały usunięte.' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      `zamówienie ${GUEST_ORDER}: dane zamawiającego do 5 grudnia 2026 (podróż jeszcze się nie odbyła)`,
    );
  });

  it('says a dead link expired or was used, without a toast, and offers the form again', async () => {
    const { user, unmount } = renderApp(`/personal-data?token=${GUEST_TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Usuń moje dane' }));
    await user.click(screen.getByRole('button', { name: 'Tak, usuń moje dane' }));
    await screen.findByRole('heading', { level: 1, name: 'Twoje dane zostały usunięte.' });
    unmount();

    // The same link again: used.
    renderApp(`/en/personal-data?token=${GUEST_TOKEN}`);
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'This link has expired or has already been used. Ask for a new one below: we will send it to the order\'s e-mail address.',
    ]);
    expect(screen.getAllByRole('button', { name: 'Send the link' })).toHaveLength(1);
  });
});
