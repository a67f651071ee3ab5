import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { readSheet } from 'read-excel-file/universal';
import { describe, expect, it, vi } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { errorBody } from '@/testing/mocks/handlers/responses';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const ADMIN = { loggedInAs: 'admin@example.com' };

describe('menus', () => {
  it('edits items as a tree with a preview, and saves them as a list', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put(apiUrl('/app/menu/save'), async ({ request }) => {
        bodies.push(await request.clone().json());
        return undefined;
      }),
    );
    const { user } = renderApp('/admin/app/menu/1', ADMIN);
    const items = await screen.findByRole('group', { name: 'Pozycje menu' });
    expect(within(items).getAllByLabelText('Nazwa', { exact: true }).map((input) => (input as HTMLInputElement).value)).toEqual([
      'Strona główna',
      'Nisko – Kraków',
      'Informacje',
      'Regulamin',
      'Zwrot biletu',
      'Przewoźnik',
    ]);
    await user.click(within(items).getByRole('button', { name: 'Dodaj podpozycję: Przewoźnik' }));
    const names = within(items).getAllByLabelText('Nazwa', { exact: true });
    await user.type(names.at(-1) as HTMLElement, 'Kontakt');
    await user.type(within(items).getAllByLabelText('Odnośnik').at(-1) as HTMLElement, '/kontakt');
    const preview = screen.getByRole('complementary', { name: 'Podgląd' });
    expect(within(preview).getByRole('link', { name: 'Kontakt' })).toHaveAttribute('href', '/kontakt');

    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Zapisano zmiany.')).toBeInTheDocument();
    const body = bodies[0] as { content: unknown[]; content_en: unknown[] };
    expect(Array.isArray(body.content_en)).toBe(true);
    expect(body.content).toContainEqual({
      name: 'Przewoźnik',
      link: 'https://niskobus.example',
      target: '_blank',
      children: [{ name: 'Kontakt', link: '/kontakt', target: 'nuxt-link' }],
    });
  });

  it('refuses an item without a link', async () => {
    const { user } = renderApp('/admin/app/menu/1', ADMIN);
    const items = await screen.findByRole('group', { name: 'Pozycje menu' });
    await user.click(within(items).getByRole('button', { name: 'Dodaj pozycję' }));
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Każda pozycja menu musi mieć nazwę i odnośnik.')).toBeInTheDocument();
  });
});

describe('coupons', () => {
  it('creates a batch of random codes in one request, and a retry of the batch sends its key again', async () => {
    const sent: { key: string | null; body: unknown }[] = [];
    let fail = 1;
    server.use(
      http.post(apiUrl('/order/coupon/batch'), async ({ request }) => {
        sent.push({ key: request.headers.get('Idempotency-Key'), body: await request.clone().json() });
        if (fail > 0) {
          fail -= 1;
          return HttpResponse.error();
        }
        return undefined;
      }),
      http.post(apiUrl('/order/coupon/save'), () => {
        throw new Error('a batch issues its coupons in one request');
      }),
    );
    const { user } = renderApp('/admin/course/coupon', ADMIN);
    const batch = await screen.findByRole('region', { name: 'Pakiet kuponów' });
    await user.clear(within(batch).getByLabelText('Liczba kodów'));
    await user.type(within(batch).getByLabelText('Liczba kodów'), '3');
    await user.type(within(batch).getByLabelText('Wartość początkowa (zł)'), '15');
    // The first answer is lost: the admin clicks again, and the same batch goes with the same key.
    await user.click(within(batch).getByRole('button', { name: 'Utwórz kupony' }));
    await waitFor(() => expect(within(batch).getByRole('button', { name: 'Utwórz kupony' })).toBeEnabled());
    await user.click(within(batch).getByRole('button', { name: 'Utwórz kupony' }));
    expect(await within(batch).findByText('LOS00001, LOS00002, LOS00003')).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(sent[0]?.key).toMatch(/\S/);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[0]?.body).toEqual({ count: 3, value: 1500, expires_at: null });
    expect(await screen.findByRole('link', { name: 'LOS00002' })).toHaveAttribute('href', '/admin/course/coupon/LOS00002');

    // Answered: the next batch is another one, with a new key.
    await user.click(within(batch).getByRole('button', { name: 'Utwórz kupony' }));
    expect(await within(batch).findByText('LOS00004, LOS00005, LOS00006')).toBeInTheDocument();
    expect(sent[2]?.key).not.toBe(sent[0]?.key);
  });

  it('exports the filtered list as CSV and XLSX in one click, with no page in between', async () => {
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
    const { user } = renderApp('/admin/course/coupon?filter[code][like]=NISKO1', ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Pobierz CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toMatch(/^kupony-\d{4}-\d{2}-\d{2}\.csv$/);
    // ignoreBOM keeps the BOM in the text, to be seen.
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await saved[0]?.blob.arrayBuffer());
    expect(csv.startsWith('\uFEFFKod;Wartość początkowa (zł);')).toBe(true);
    expect(csv).toContain('\r\nNISKO10;10,00;10,00;0;Nie;Nie;;Wydany w panelu;');
    expect(csv.split('\r\n')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Pobierz Excel (XLSX)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]?.name).toMatch(/^kupony-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const [header, row] = await readSheet(await (saved[1]?.blob as Blob).arrayBuffer());
    expect(header?.[1]).toBe('Wartość początkowa (zł)');
    expect(row?.slice(0, 2)).toEqual(['NISKO10', 10]);
  });
});

describe('company settings', () => {
  it("shows the server's refusal at its field and keeps the typed values", async () => {
    const { user } = renderApp('/admin/company/company/settings', ADMIN);
    const prefix = await screen.findByLabelText(/^Prefiks faktur/);
    await user.clear(prefix);
    await user.type(prefix, 'NB/2');
    await user.clear(screen.getByLabelText(/^Stawka VAT/));
    await user.type(screen.getByLabelText(/^Stawka VAT/), '23');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Zapisano zmiany.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Stawka VAT/)).toHaveValue('23'));

    // Checked here first...
    await user.clear(prefix);
    await user.type(prefix, 'nb');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Nieprawidłowa wartość.')).toBeInTheDocument();
    expect(prefix).toHaveValue('nb');
    await user.clear(prefix);
    await user.type(prefix, 'NB');

    // ...and what only the server knows is shown at its field too.
    server.use(
      http.post(apiUrl('/company/company/save-settings'), () =>
        HttpResponse.json(
          errorBody(422, 'the data is not valid', [{ field: 'invoice_email', message: 'invoice_email is not an e-mail address', code: 'field.invalid_email' }]),
          { status: 422 },
        ),
      ),
    );
    const email = screen.getByLabelText('E-mail biura (kopie faktur)');
    await user.clear(email);
    await user.type(email, 'faktury@');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Podaj poprawny adres e-mail, np. jan.kowalski@example.com.')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Podaj poprawny adres e-mail, np. jan.kowalski@example.com.');
    expect(email).toHaveValue('faktury@');
    expect(screen.getByLabelText(/^Stawka VAT/)).toHaveValue('23');
  });

  it('edits the seller on invoices as one fieldset, checks the NIP here and sends its ten digits', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('/company/company/save-settings'), async ({ request }) => {
        bodies.push(await request.clone().json());
        return undefined;
      }),
    );
    const { user } = renderApp('/admin/company/company/settings', ADMIN);
    const seller = await screen.findByRole('group', { name: 'Sprzedawca na fakturach' });
    const nip = within(seller).getByLabelText(/^NIP/);
    const postalCode = within(seller).getByLabelText(/^Kod pocztowy/);
    expect(nip).toHaveValue('8652556348');
    expect(postalCode).toHaveValue('37-400');
    expect(within(seller).getByLabelText(/^Miejscowość/)).toHaveValue('Nisko');
    expect(within(seller).getByLabelText(/^Kraj/)).toHaveValue('PL');

    // A checksum that does not add up, and a Polish postal code without its dash, never leave the form.
    await user.clear(nip);
    await user.type(nip, '865-255-63-49');
    await user.clear(postalCode);
    await user.type(postalCode, '37400');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText(/Ten NIP jest nieprawidłowy/)).toBeInTheDocument();
    expect(nip).toHaveAccessibleDescription(/Ten NIP jest nieprawidłowy/);
    expect(postalCode).toHaveAccessibleDescription('Wpisz kod pocztowy w formacie 37-400.');
    expect(bodies).toHaveLength(0);

    await user.clear(nip);
    await user.type(nip, 'PL 526-025-02-74');
    await user.clear(postalCode);
    await user.type(postalCode, '37-450');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Zapisano zmiany.')).toBeInTheDocument();
    expect(bodies).toEqual([expect.objectContaining({ tax_id: '5260250274', postal_code: '37-450', city: 'Nisko', country: 'PL' })]);
    await waitFor(() => expect(nip).toHaveValue('5260250274'));
  });
});

describe('banners', () => {
  it('previews the banner as typed', async () => {
    const { user } = renderApp('/admin/app/banner/1', ADMIN);
    const title = await screen.findByLabelText(/^Tytuł \(wymagane\)/);
    await user.clear(title);
    await user.type(title, 'Wiosenna promocja');
    const preview = screen.getByRole('complementary', { name: 'Podgląd' });
    expect(within(preview).getByRole('link', { name: 'Wiosenna promocja' })).toHaveAttribute('href', '/nisko-krakow');
    expect(preview.querySelector('.banner')).toHaveClass('bg-primary', 'text-white');
  });
});

describe('courses', () => {
  it('changes only the capacity and the sale of a saved course', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put(apiUrl('/course/course/save'), async ({ request }) => {
        bodies.push(await request.clone().json());
        return undefined;
      }),
    );
    const { user } = renderApp('/admin/course/course/0b6f7d2e-1c1a-4f4e-9a59-3f2f6f1c2a01', ADMIN);
    const seats = await screen.findByLabelText(/^Miejsca/);
    expect(screen.getByLabelText(/^Odjazd/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Odjazd/)).toHaveValue('2026-12-01T07:30');
    await waitFor(() => expect(screen.getByLabelText(/^Trasa/)).toHaveDisplayValue('Nisko – Kraków'));
    expect(screen.getByLabelText(/^Trasa/)).toBeDisabled();
    await user.clear(seats);
    await user.type(seats, '30');
    await user.click(screen.getByLabelText('Sprzedaż otwarta'));
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Zapisano zmiany.')).toBeInTheDocument();
    expect(bodies).toEqual([{ seats: 30, sale_open: false }]);
  });

  it("shows the course's route when the routes arrive after the course", async () => {
    const route = (id: number, name: string) => ({ id, name, active: true, show_on_home: false, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' });
    server.use(
      http.get(apiUrl('/route/route/all'), async () => {
        await delay(300);
        const models = [route(7, 'Jasło – Krosno'), route(1, 'Nisko – Kraków')];
        return HttpResponse.json({ data: { models, pagination: { page: 1, perPage: 1000, totalCount: 2, pageCount: 1 } } });
      }),
    );
    renderApp('/admin/course/course/0b6f7d2e-1c1a-4f4e-9a59-3f2f6f1c2a01', ADMIN);
    await screen.findByRole('option', { name: 'Jasło – Krosno' });
    expect(screen.getByLabelText(/^Trasa/)).toHaveDisplayValue('Nisko – Kraków');
  });

  it('shows the seats taken and free on each segment', async () => {
    renderApp('/admin/course/course/0b6f7d2e-1c1a-4f4e-9a59-3f2f6f1c2a01', ADMIN);
    const table = await screen.findByRole('heading', { name: 'Obłożenie odcinków' });
    const section = table.closest('section') as HTMLElement;
    const rows = await within(section).findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'OdcinekZajęteWolne',
      'Nisko, Dworzec Autobusowy → Stalowa Wola, Dworzec Autobusowy12 / 4937',
      'Stalowa Wola, Dworzec Autobusowy → Kraków, MDA Dworzec Autobusowy5 / 4944',
    ]);
  });
});

describe('generating courses', () => {
  it("shows the server's dry run, then generates exactly what it showed", async () => {
    const asked: string[] = [];
    const bodies: unknown[] = [];
    server.use(
      http.get(apiUrl('/course/course/generate-preview'), ({ request }) => {
        asked.push(new URL(request.url).search);
        return undefined;
      }),
      http.post(apiUrl('/course/course/generate'), async ({ request }) => {
        bodies.push(await request.clone().json());
        return undefined;
      }),
    );
    const { user } = renderApp('/admin/course/course', ADMIN);
    const section = (await screen.findByRole('heading', { name: 'Generowanie kursów z rozkładów' })).closest('section') as HTMLElement;
    const generate = within(section).getByRole('button', { name: 'Generuj' });
    expect(generate).toBeDisabled();
    await user.type(within(section).getByLabelText(/^Dni naprzód/), '400');
    expect(within(section).getByText('Podaj liczbę dni od 1 do 366 albo zostaw puste.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Pokaż, co powstanie' })).toBeDisabled();
    await user.clear(within(section).getByLabelText(/^Dni naprzód/));
    await user.type(within(section).getByLabelText(/^Dni naprzód/), '3');
    await waitFor(() => expect(within(section).getByRole('option', { name: 'Nisko – Kraków' })).toBeInTheDocument());
    await user.selectOptions(within(section).getByLabelText(/^Trasa/), 'Nisko – Kraków');
    await user.click(within(section).getByRole('button', { name: 'Pokaż, co powstanie' }));

    const rows = await within(section).findAllByRole('row');
    expect(asked).toEqual(['?route_id=1&days=3']);
    expect(within(section).getByText('Generowanie utworzy kursów: 6; już istnieje: 0.')).toBeInTheDocument();
    expect(rows[1]?.textContent).toContain('Nisko – Kraków: codziennie');
    await user.click(generate);
    expect(await within(section).findByText('Utworzono kursów: 6; istniało już: 0; otwarto sprzedaż miejsc: 6.')).toBeInTheDocument();
    expect(bodies).toEqual([{ route_id: 1, days: 3 }]);
  });
});
