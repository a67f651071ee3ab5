// The finance month ("Miesiąc VAT (JPK)", docs/finance.md): a month and a tax office (remembered) give what
// the month's JPK_V7M(3) holds, with a warning naming each document not in KSeF yet (OFF), and the file; the
// sales register lists its rows (FP marked) with its totals per rate; purchases are the accountant's; the
// server's refusals are said by their codes.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { errorBody } from '@/testing/mocks/handlers/responses';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

import { useTaxOfficeStore } from '../stores/tax-office-store';

const ADMIN = { loggedInAs: 'admin@example.com' };
const slow = { timeout: 5_000 };
const MONTH = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date()).slice(0, 7);

afterEach(() => {
  vi.restoreAllMocks();
  server.events.removeAllListeners();
});

const summary = { rows: 3, invoices: 2, corrections: 0, fp: 1, day_documents: 1, tax_due: 555, by_rate: [{ rate: 8, net: 6945, vat: 555, gross: 7500 }], p37: 69, p38: 6, p51: 6, not_in_ksef: ['NB/2026/7'] };
const record = (lp: number, document: string, kind: string, gross: number, fp = false) => ({
  lp, document, kind, fp, issue_date: `${MONTH}-02`, sale_date: null, buyer_tax_id: kind === 'RO' ? '' : '5260250274', buyer_name: kind === 'RO' ? '' : 'Firma', ksef: kind === 'RO' ? 'DI' : 'OFF', rate: 8,
  net: Math.round((gross * 100) / 108), vat: gross - Math.round((gross * 100) / 108), gross,
});
const register = { rows: [record(1, 'NB/2026/7', 'VAT', 3900), record(2, 'NB/2026/8', 'VAT', 1600, true), record(3, 'RO Z/0042', 'RO', 3600)], totals: [{ rate: 8, net: 6945, vat: 555, gross: 7500 }], tax_due: 555 };

function withMonth() {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl('/finance/jpk'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      return HttpResponse.json({ data: summary });
    }),
    http.get(apiUrl('/finance/sales-register'), () => HttpResponse.json({ data: register })),
  );
  return asked;
}

describe('the finance month', { timeout: 20_000 }, () => {
  it('asks for a tax office, remembers it, and shows what the file holds with the documents not in KSeF', async () => {
    const asked = withMonth();
    const { user } = renderApp('/admin/order/invoice/month', ADMIN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Miesiąc VAT (JPK)' }, slow)).toBeInTheDocument();
    expect(screen.getAllByText(/zakupy dopisuje księgowa/).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Miesiąc')).toHaveValue(MONTH);
    expect(screen.getByLabelText('Miesiąc')).toHaveAttribute('min', '2026-02');
    expect(screen.getByLabelText('Miesiąc')).toHaveAttribute('max', MONTH);
    // No tax office yet: no file to show.
    expect(screen.queryByRole('region', { name: 'Plik JPK_V7M(3)' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Kod urzędu skarbowego'), '14');
    await user.click(screen.getByRole('button', { name: 'Pokaż' }));
    expect(screen.getByLabelText('Kod urzędu skarbowego')).toHaveAccessibleDescription(/Wpisz czterocyfrowy kod urzędu skarbowego, np\. 1471\./);
    await user.type(screen.getByLabelText('Kod urzędu skarbowego'), '71');
    await user.click(screen.getByRole('button', { name: 'Pokaż' }));
    const file = await screen.findByRole('region', { name: 'Plik JPK_V7M(3)' });
    expect(asked.at(-1)?.toString()).toBe(`month=${MONTH}&tax_office=1471&format=json`);
    expect(useTaxOfficeStore.getState().code).toBe('1471');
    const warning = within(file).getByRole('alert');
    expect(warning).toHaveTextContent('nie mają jeszcze numeru KSeF');
    expect(within(warning).getByText('NB/2026/7 – OFF')).toBeInTheDocument();
    expect(within(file).getByText('Faktury do sprzedaży już ujętej (FP, poza podatkiem)').nextSibling).toHaveTextContent('1');
    expect(within(file).getByRole('table', { name: 'Według stawek' })).toHaveTextContent(/8%\s*69,45\szł\s*5,55\szł\s*75,00\szł/);
    expect(within(file).getByRole('button', { name: 'Pobierz JPK_V7M(3)' })).toBeEnabled();
  });

  it('opens on the remembered tax office at once', async () => {
    useTaxOfficeStore.getState().remember('0206');
    const asked = withMonth();
    renderApp(`/admin/order/invoice/month?month=${MONTH}`, ADMIN);
    expect(await screen.findByRole('region', { name: 'Plik JPK_V7M(3)' }, slow)).toBeInTheDocument();
    expect(screen.getByLabelText('Kod urzędu skarbowego')).toHaveValue('0206');
    expect(asked[0]?.get('tax_office')).toBe('0206');
  });

  it('downloads the file and a correction of it', async () => {
    useTaxOfficeStore.getState().remember('1471');
    withMonth();
    const names: string[] = [];
    const urls: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test/1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/finance/jpk') && !request.url.includes('format=json')) urls.push(new URL(request.url).search);
    });
    const { user } = renderApp('/admin/order/invoice/month', ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Pobierz JPK_V7M(3)' }, slow));
    await waitFor(() => expect(names).toEqual([`JPK_V7M_${MONTH}.xml`]));
    expect(urls).toEqual([`?month=${MONTH}&tax_office=1471`]);
    await user.click(screen.getByRole('checkbox', { name: /Korekta złożonego już pliku/ }));
    await user.click(screen.getByRole('button', { name: 'Pokaż' }));
    await user.click(await screen.findByRole('button', { name: 'Pobierz JPK_V7M(3)' }));
    await waitFor(() => expect(urls).toEqual([`?month=${MONTH}&tax_office=1471`, `?month=${MONTH}&tax_office=1471&correction=true`]));
  });

  it('lists the sales register with FP marked and the totals per rate', async () => {
    withMonth();
    renderApp('/admin/order/invoice/month', ADMIN);
    const table = await screen.findByRole('table', { name: `Rejestr sprzedaży ${MONTH}` }, slow);
    const fp = within(table).getByRole('row', { name: /NB\/2026\/8/ });
    expect(fp).toHaveTextContent('FP – poza sumą');
    expect(within(table).getByRole('row', { name: /^Razem 8%/ })).toHaveTextContent(/69,45\szł\s*5,55\szł\s*75,00\szł/);
    expect(within(table).getByRole('rowheader', { name: 'Podatek należny' }).parentElement).toHaveTextContent(/5,55\szł/);
    expect(within(screen.getByRole('group', { name: 'Pliki rejestru sprzedaży' })).getByRole('button', { name: 'Pobierz Excel (XLSX)' })).toBeEnabled();
  });

  it("says the server's refusals by their codes", async () => {
    useTaxOfficeStore.getState().remember('9999');
    server.use(
      http.get(apiUrl('/finance/jpk'), () =>
        HttpResponse.json(errorBody(422, 'the file cannot be made', [{ field: 'tax_office', message: 'no such office', code: 'jpk.tax_office_unknown' }]), { status: 422 }),
      ),
    );
    renderApp('/admin/order/invoice/month', ADMIN);
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent('Nie ma urzędu skarbowego o tym kodzie.');
  });

  it('sends the admin to the company settings when the file cannot name the company', async () => {
    useTaxOfficeStore.getState().remember('1471');
    server.use(http.get(apiUrl('/finance/jpk'), () => HttpResponse.json(errorBody(409, 'incomplete', undefined, 'jpk.company_incomplete'), { status: 409 })));
    renderApp('/admin/order/invoice/month', ADMIN);
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert).toHaveTextContent('W ustawieniach firmy brakuje NIP-u, nazwy albo adresu e-mail');
    expect(within(alert).getByRole('link', { name: 'Otwórz ustawienia firmy' })).toHaveAttribute('href', '/admin/company/company/settings');
  });

  it('is its own entry of the side navigation, apart from the invoices', async () => {
    withMonth();
    renderApp('/admin/order/invoice/month', ADMIN);
    await screen.findByRole('heading', { level: 1, name: 'Miesiąc VAT (JPK)' }, slow);
    const nav = screen.getByRole('navigation', { name: 'Nawigacja panelu' });
    expect(within(nav).getByRole('link', { name: 'Miesiąc VAT (JPK)' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Faktury' })).not.toHaveAttribute('aria-current');
  });

  it('speaks English under /en', async () => {
    withMonth();
    renderApp('/en/admin/order/invoice/month', ADMIN);
    expect(await screen.findByRole('heading', { level: 1, name: 'VAT month (JPK)' }, slow)).toBeInTheDocument();
    expect(screen.getAllByText(/the accountant adds the purchases/).length).toBeGreaterThan(0);
  });
});
