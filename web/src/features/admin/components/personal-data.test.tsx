// Issue 38: the panel's page of personal data: the requests under RODO (open ones first with their
// deadline, the done ones with what was done), recording one received by the office, its data as a
// file, the erasure on the person's behalf with what the law keeps, closing, and the register of erasures.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const ADMIN = { loggedInAs: 'admin@example.com' };
const PAGE = '/admin/personal-data';
const slow = { timeout: 5_000 };

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

/** The bodies of the page's POSTs, by path. */
function recordBodies() {
  const bodies: Record<string, unknown[]> = {};
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    if (request.method !== 'POST' || !path.startsWith('/api/privacy/')) return;
    void request.clone().json().then((body: unknown) => (bodies[path] ??= []).push(body));
  });
  return bodies;
}

async function section(name: string) {
  return screen.findByRole('region', { name }, slow);
}

async function openRow(number: string) {
  const open = await section('Otwarte wnioski');
  const cell = await within(open).findByText(number, {}, slow);
  return cell.closest('tr') as HTMLElement;
}

describe('the personal data page', { timeout: 30_000 }, () => {
  it('is in the side navigation and lists the open requests first, with their deadline, overdue ones marked', async () => {
    const { user, router } = renderApp('/admin', ADMIN);
    await user.click(await screen.findByRole('link', { name: 'Dane osobowe' }, slow));
    expect(router.state.location.pathname).toBe(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dane osobowe' })).toBeInTheDocument();

    const open = await section('Otwarte wnioski');
    const rows = within(open).getAllByRole('row').slice(1);
    // The overdue one first: the server's order, by days left.
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['RODO-2026-000003', 'RODO-2026-000002']);
    expect(within(rows[0]!).getByText('2 dni po terminie').tagName).toBe('STRONG');
    expect(rows[0]).toHaveTextContent('Kopia danych');
    expect(rows[0]).toHaveTextContent('e-mailem');
    expect(rows[0]).toHaveTextContent('piotr.zielinski@example.com');
    expect(rows[0]).toHaveTextContent('30.11.2026');
    expect(within(rows[0]!).queryByRole('button', { name: 'Usuń dane' })).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('12 dni');
    expect(rows[1]).toHaveTextContent('listem');
    expect(within(rows[1]!).getByRole('button', { name: 'Usuń dane' })).toHaveAccessibleDescription('RODO-2026-000002');

    const done = await section('Załatwione wnioski');
    const account = within(done).getByText('RODO-2026-000001').closest('tr') as HTMLElement;
    expect(account).toHaveTextContent('z konta (klient usunął konto)');
    expect(account).toHaveTextContent('sama osoba');
    expect(within(within(account).getByRole('list')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['NB-2026-000010', 'NB-2026-000011']);
    expect(account).toHaveTextContent('zostają do 2026-12-06: NB-2026-000011 (podróż przed nami)');

    const register = await section('Rejestr usunięć');
    const erasures = within(register).getAllByRole('row').slice(1);
    expect(erasures[0]).toHaveTextContent('dane klienta');
    expect(erasures[0]).toHaveTextContent('NB-2026-000010');
    expect(erasures[0]).toHaveTextContent('sama osoba');
    expect(erasures[0]).toHaveTextContent('konto usunięte przez klienta');
    expect(erasures[1]).toHaveTextContent('nabywca na fakturze');
    expect(erasures[1]).toHaveTextContent('harmonogram przechowywania');
  });

  it('records a request received by letter, at the desk or by e-mail, checking the e-mail first', async () => {
    const bodies = recordBodies();
    const { user } = renderApp(PAGE, ADMIN);
    const form = await screen.findByRole('form', { name: 'Zapisz wniosek' }, slow);
    const email = within(form).getByLabelText('E-mail osoby');

    await user.click(within(form).getByRole('button', { name: 'Zapisz wniosek' }));
    expect(email).toHaveAccessibleDescription(/Podaj adres e-mail osoby\./);
    expect(email).toHaveFocus();
    await user.type(email, 'nie-adres');
    await user.click(within(form).getByRole('button', { name: 'Zapisz wniosek' }));
    expect(email).toHaveAccessibleDescription(/Podaj poprawny adres e-mail/);
    expect(bodies['/api/privacy/request/save']).toBeUndefined();

    await user.clear(email);
    await user.type(email, 'Jerzy.Wolny@example.com ');
    await user.selectOptions(within(form).getByLabelText('Czego dotyczy'), 'Kopia danych');
    await user.selectOptions(within(form).getByLabelText('Jak wpłynął'), 'w biurze');
    await user.click(within(form).getByRole('button', { name: 'Zapisz wniosek' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Zapisano wniosek RODO-2026-000004. Termin odpowiedzi: 27 grudnia 2026.');
    expect(bodies['/api/privacy/request/save']).toEqual([{ kind: 'export', channel: 'desk', email: 'Jerzy.Wolny@example.com' }]);
    expect(email).toHaveValue('');
    expect(await openRow('RODO-2026-000004')).toHaveTextContent('w biurze');
  });

  it('shows the server\'s refusal of the e-mail on the field', async () => {
    server.use(
      http.post(apiUrl('/privacy/request/save'), () =>
        HttpResponse.json(
          { name: 'Unprocessable Entity', message: 'Email is not a valid e-mail address.', status: 422, code: 'validation', errors: [{ field: 'email', message: 'Email is not a valid e-mail address.', code: 'field.invalid_email' }] },
          { status: 422 },
        ),
      ),
    );
    const { user } = renderApp('/en/admin/personal-data', ADMIN);
    const form = await screen.findByRole('form', { name: 'Record a request' }, slow);
    await user.type(within(form).getByLabelText("The person's e-mail"), 'jan@example.com');
    await user.click(within(form).getByRole('button', { name: 'Record the request' }));
    await waitFor(() => expect(within(form).getByLabelText("The person's e-mail")).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByLabelText("The person's e-mail")).toHaveAccessibleDescription(/Enter a valid e-mail address, e\.g\. jan\.kowalski@example\.com\./);
    expect(within(form).queryByRole('status')).not.toBeInTheDocument();
  });

  it('erases on the person\'s behalf after asking, then says what the law keeps, until when and why', async () => {
    const bodies = recordBodies();
    const { user } = renderApp(PAGE, ADMIN);
    const row = await openRow('RODO-2026-000002');
    await user.click(within(row).getByRole('button', { name: 'Usuń dane' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Usunąć dane osoby z wniosku RODO-2026-000002?' });
    expect(dialog).toHaveTextContent('anna.nowak@example.com');
    // The safe answer has the focus.
    expect(within(dialog).getByRole('button', { name: 'Anuluj' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Usuń dane' }));

    const open = await section('Otwarte wnioski');
    const outcome = await within(open).findByRole('status', {}, slow);
    expect(outcome).toHaveTextContent('Wniosek RODO-2026-000002 załatwiony: usunięto dane z 1 zamówienia.');
    expect(outcome).toHaveTextContent('zamówienie NB-2026-000012: dane zamawiającego i pasażerów do 20 grudnia 2026 (podróż jeszcze się nie odbyła)');
    expect(bodies['/api/privacy/request/erase']).toEqual([{ id: '00000000-0000-4000-8000-0000000d0002' }]);

    // The request is done now, by the admin; the register has the erasure.
    await waitFor(() => expect(within(open).queryByText('RODO-2026-000002')).not.toBeInTheDocument());
    const done = await section('Załatwione wnioski');
    const row2 = (await within(done).findByText('RODO-2026-000002')).closest('tr') as HTMLElement;
    expect(row2).toHaveTextContent('admin@example.com');
    expect(row2).toHaveTextContent('zostają do 2026-12-20: NB-2026-000012');
    const register = await section('Rejestr usunięć');
    await waitFor(() => expect(within(register).getAllByRole('row')[1]).toHaveTextContent('wniosek RODO-2026-000002'));
    expect(within(register).getAllByRole('row')[1]).toHaveTextContent('admin@example.com');
  });

  it('downloads an open request\'s data as a JSON file, and closes the request once answered', async () => {
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob as Blob);
      return url;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.href) as Blob });
    });
    const { user } = renderApp(PAGE, ADMIN);
    const row = await openRow('RODO-2026-000003');
    await user.click(within(row).getByRole('button', { name: 'Pobierz dane (JSON)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('dane-osobowe-RODO-2026-000003.json');
    const file = JSON.parse(await (saved[0]?.blob as Blob).text()) as { orders: { email: string }[] };
    expect(file.orders[0]?.email).toBe('piotr.zielinski@example.com');
    expect(await screen.findByText('Dane pobrane. Wyślij je tej osobie, potem zamknij wniosek.')).toBeInTheDocument();

    await user.click(within(await openRow('RODO-2026-000003')).getByRole('button', { name: 'Zamknij' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Oznaczyć wniosek RODO-2026-000003 jako załatwiony?' });
    await user.click(within(dialog).getByRole('button', { name: 'Zamknij wniosek' }));
    expect(await screen.findByText('Wniosek RODO-2026-000003 zamknięty.')).toBeInTheDocument();
    const done = await section('Załatwione wnioski');
    expect(await within(done).findByText('RODO-2026-000003')).toBeInTheDocument();
  });

  it('says in words why a step was refused, by the answer\'s code, and reads the list again', async () => {
    let reads = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/privacy/request/all')) reads += 1;
    });
    server.use(
      http.post(apiUrl('/privacy/request/erase'), () =>
        HttpResponse.json({ name: 'Conflict', message: 'This request is done already.', status: 409, code: 'privacy.request_done' }, { status: 409 }),
      ),
      http.get(apiUrl('/privacy/request/export'), () =>
        HttpResponse.json({ name: 'Not Found', message: 'There is no such request.', status: 404, code: 'privacy.request_not_found' }, { status: 404 }),
      ),
    );
    const { user } = renderApp(PAGE, ADMIN);
    const row = await openRow('RODO-2026-000002');
    const before = reads;
    await user.click(within(row).getByRole('button', { name: 'Usuń dane' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Usuń dane' }));
    const open = await section('Otwarte wnioski');
    expect(await within(open).findByRole('alert')).toHaveTextContent('Ten wniosek jest już załatwiony (ktoś zrobił to w międzyczasie). Lista została odświeżona.');
    await waitFor(() => expect(reads).toBeGreaterThan(before));

    await user.click(within(await openRow('RODO-2026-000002')).getByRole('button', { name: 'Pobierz dane (JSON)' }));
    await waitFor(() => expect(within(open).getByRole('alert')).toHaveTextContent('Nie ma takiego wniosku. Lista została odświeżona.'));
    // No toast on top of the page's own words.
    expect(screen.queryByRole('alert', { name: /Nie wykonano/ })).not.toBeInTheDocument();
  });

  it('says "not an erasure" in English under /en', async () => {
    server.use(
      http.post(apiUrl('/privacy/request/close'), () =>
        HttpResponse.json({ name: 'Conflict', message: 'This request asks for a copy, not an erasure.', status: 409, code: 'privacy.not_erasure' }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/en/admin/personal-data', ADMIN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Personal data' })).toBeInTheDocument();
    const open = await section('Open requests');
    const row = (await within(open).findByText('RODO-2026-000003')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('2 days overdue');
    expect(row).toHaveTextContent('A copy of the data');
    await user.click(within(row).getByRole('button', { name: 'Close' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Mark request RODO-2026-000003 as done?' })).getByRole('button', { name: 'Close the request' }));
    expect(await within(open).findByRole('alert')).toHaveTextContent('This request asks for a copy of the data, not their erasure: download the data and close the request.');
    expect(await section('Register of erasures')).toHaveTextContent('the retention schedule');
  });
});
