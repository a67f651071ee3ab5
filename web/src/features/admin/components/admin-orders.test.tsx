import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { readDb, withDb } from '@/testing/mocks/data/booking-db';
import { COMPANY_ORDER_HASH } from '@/testing/mocks/data/booking-seed';
import { adminOf } from '@/testing/mocks/data/order-admin';
import { validationError } from '@/testing/mocks/handlers/errors';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const ADMIN = { loggedInAs: 'admin@example.com' };

const companyOrder = () => {
  const order = readDb().orders.find((candidate) => candidate.hash_id === COMPANY_ORDER_HASH);
  if (!order) throw new Error('the seed has no company order');
  return order;
};

describe('the orders list', () => {
  it("sends the filters in the API's words: days as Warsaw bounds, the course's day as both ends", async () => {
    const asked: URLSearchParams[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/order/order/all')) asked.push(new URL(request.url).searchParams);
    });
    const { user, router } = renderApp('/admin/order/order', ADMIN);
    expect(await screen.findByRole('link', { name: companyOrder().number ?? '' })).toHaveAttribute('href', `/admin/order/order/${companyOrder().id}`);
    const filters = screen.getByRole('form', { name: 'Filtry' });
    await user.selectOptions(within(filters).getByLabelText('Status'), 'Opłacone');
    await user.type(within(filters).getByLabelText('Złożone od'), '2026-03-01');
    await user.type(within(filters).getByLabelText('Złożone do'), '2026-03-31');
    await user.type(within(filters).getByLabelText('Dzień kursu'), '2026-04-02');
    await waitFor(() => expect(within(filters).getByRole('option', { name: 'Nisko – Kraków' })).toBeInTheDocument());
    await user.selectOptions(within(filters).getByLabelText('Trasa'), 'Nisko – Kraków');
    await user.type(within(filters).getByLabelText('E-mail'), 'transbud');
    await user.type(within(filters).getByLabelText('Kod zamówienia z linku klienta'), 'abc');
    await user.type(within(filters).getByLabelText('Numer biletu'), 'NK-2026-000107');
    await user.click(within(filters).getByRole('button', { name: 'Filtruj' }));

    await waitFor(() => expect(router.state.location.search).toContain('ticket_number'));
    await waitFor(() => expect(asked.at(-1)?.get('filter[ticket_number][eq]')).toBe('NK-2026-000107'));
    const last = asked.at(-1) as URLSearchParams;
    expect(Object.fromEntries([...last].filter(([key]) => key.startsWith('filter[')))).toEqual({
      'filter[status][eq]': 'paid',
      'filter[placed_at][gte]': '2026-03-01 00:00:00',
      'filter[placed_at][lte]': '2026-03-31 23:59:59',
      'filter[departure_at][gte]': '2026-04-02 00:00:00',
      'filter[departure_at][lte]': '2026-04-02 23:59:59',
      'filter[route_id][eq]': '1',
      'filter[email][like]': 'transbud',
      'filter[hash_id][eq]': 'abc',
      'filter[ticket_number][eq]': 'NK-2026-000107',
    });
    expect(last.get('sort')).toBe('-placed_at');
    // The inputs show the applied days (not the bounds sent).
    expect(within(screen.getByRole('form', { name: 'Filtry' })).getByLabelText('Dzień kursu')).toHaveValue('2026-04-02');
    server.events.removeAllListeners();
  });

  it('finds an order by one of its tickets', async () => {
    const ticket = companyOrder().tickets[0]?.number ?? '';
    renderApp(`/admin/order/order?filter[ticket_number][eq]=${ticket}`, ADMIN);
    expect(await screen.findByText('1 pozycja')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: companyOrder().number ?? '' })).toBeInTheDocument();
  });
});

describe('the order page', () => {
  it("tells the timeline in the page's language, each raw event one disclosure away", async () => {
    const { user } = renderApp(`/admin/order/order/${companyOrder().id}`, ADMIN);
    const timeline = await screen.findByRole('region', { name: 'Historia zamówienia' });
    const entries = await within(timeline).findAllByRole('listitem');
    expect(entries[0]).toHaveTextContent(/Złożono zamówienie/);
    expect((entries[0] as HTMLElement).querySelector('.admin-timeline__who')).toHaveTextContent('Kto: Gośćbiuro@transbud.example');
    expect(within(timeline).getByText(/^Wystawiono fakturę NB\/\d{4}\/\d+ na/)).toBeInTheDocument();
    const paid = entries.find((entry) => entry.textContent?.includes('Zapłacono')) as HTMLElement;
    const disclosure = within(paid).getByText('Szczegóły techniczne (dla obsługi systemu)');
    const details = disclosure.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await user.click(disclosure);
    expect(details.open).toBe(true);
    expect((JSON.parse(within(paid).getByText(/"amount"/).textContent ?? '') as { data: unknown }).data).toEqual({ amount: companyOrder().to_pay, provider: 'Przelewy24' });
    // A message of the outbox (issue 39): what it is about, its state in parentheses, its attempts in the data.
    const message = entries.find((entry) => entry.textContent?.includes('Wysłano bilety e-mailem')) as HTMLElement;
    expect(message.querySelector('.admin-timeline__head')).toHaveTextContent(/Wiadomość do klienta$/);
    expect(within(message).getByText(/\(dostarczono\)$/)).toBeInTheDocument();
    expect((JSON.parse(within(message).getByText(/"attempts"/).textContent ?? '') as { data: unknown }).data).toEqual({ channel: 'email', state: 'delivered', attempts: 1, last_error: null });
  });

  it('labels each entry by what it is about, never by a stream id or an event class', async () => {
    renderApp(`/admin/order/order/${companyOrder().id}`, ADMIN);
    const timeline = await screen.findByRole('region', { name: 'Historia zamówienia' });
    const entries = await within(timeline).findAllByRole('listitem');
    const heads = entries.map((entry) => (entry.querySelector('.admin-timeline__head') as HTMLElement).textContent ?? '');
    expect(heads[0]).toMatch(/Zamówienie$/);
    const outbound = companyOrder().outbound;
    const held = heads.find((head) => head.includes('Kurs '));
    expect(held).toContain(outbound?.route_name ?? 'no route');
    expect(held).toMatch(/\d{1,2}[ .]\S+[ .]\d{4}/);
    // What is visible without opening the details: no stream ids, no event class names.
    for (const entry of entries) {
      const visible = [...entry.children].filter((child) => child.tagName !== 'DETAILS').map((child) => child.textContent).join(' ');
      expect(visible).not.toMatch(/order-|course-|SeatsHeld|PaymentRegistered|OrderPlaced/);
    }
  });

  it('offers no sending of tickets for an expired order', async () => {
    const paid = renderApp(`/admin/order/order/${companyOrder().id}`, ADMIN);
    expect(await screen.findByRole('button', { name: 'Wyślij bilety e-mailem' })).toBeInTheDocument();
    paid.unmount();
    withDb((db) => {
      const order = db.orders.find((candidate) => candidate.hash_id === COMPANY_ORDER_HASH);
      if (order) order.status = 'expired';
    });
    renderApp(`/admin/order/order/${companyOrder().id}`, ADMIN);
    expect(await screen.findByRole('region', { name: 'Historia zamówienia' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Wyślij bilety e-mailem' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Wyślij bilety SMS-em' })).not.toBeInTheDocument();
  });

  it('speaks English under /en', async () => {
    renderApp(`/en/admin/order/order/${companyOrder().id}`, ADMIN);
    const timeline = await screen.findByRole('region', { name: 'Order timeline' });
    expect(await within(timeline).findByText(/^Order NB-\d{4}-\d+ placed for/)).toBeInTheDocument();
    expect(within(timeline).queryByText(/Złożono/)).not.toBeInTheDocument();
  });

  it('cancels only with a reason, and says what was refunded', async () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.includes('/order/order/cancel')) bodies.push(await request.clone().json());
    });
    const { user } = renderApp(`/admin/order/order/${companyOrder().id}`, ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Anuluj zamówienie' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Anulować to zamówienie?' });
    expect(within(dialog).getByLabelText(/Powód/)).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj zamówienie' }));
    expect(within(dialog).getByText('Podaj powód.')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Powód/), 'Kurs odwołany');
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj zamówienie' }));
    expect(await screen.findByText(/^Zamówienie anulowane\. Zwrot na konto: .+ zł, na kupon: 0,00 zł\.$/)).toBeInTheDocument();
    expect(bodies).toEqual([{ id: companyOrder().id, reason: 'Kurs odwołany' }]);
    // Read again: the status, and the cancellation in the timeline.
    const timeline = screen.getByRole('region', { name: 'Historia zamówienia' });
    expect(await within(timeline).findByText(/Anulowano zamówienie: Kurs odwołany/)).toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it("returns a ticket on the customer's behalf without its code", async () => {
    const order = companyOrder();
    const ticket = order.tickets[0]?.number ?? '';
    const { user } = renderApp(`/admin/order/order/${order.id}`, ADMIN);
    await user.click(await screen.findByRole('button', { name: `Zwróć w imieniu klienta: bilet ${ticket}` }));
    const dialog = screen.getByRole('alertdialog', { name: `Zwrócić bilet ${ticket}?` });
    // Before confirming: the server's quote, the price, the fee kept and what goes back.
    const sum = await within(dialog).findByRole('group', { name: 'Rozliczenie zwrotu' });
    const amountOf = (term: string) => within(sum).getByText(term).nextElementSibling?.textContent ?? '';
    expect(amountOf('Cena biletu')).toMatch(/^\d+,\d\d\szł$/);
    const fee = amountOf('Opłata manipulacyjna');
    expect(fee).toMatch(/^\d+,\d\d\szł$/);
    expect(amountOf('Do zwrotu')).toMatch(/^\d+,\d\d\szł$/);
    await user.click(within(dialog).getByRole('button', { name: 'Zwróć w imieniu klienta' }));
    // The return keeps the fee the dialog said.
    expect(await screen.findByText(new RegExp(`^Bilet ${ticket} zwrócony\\. Opłata: ${fee.replace(/\s/g, '\\s')};`))).toBeInTheDocument();
    expect(readDb().orders.find((candidate) => candidate.id === order.id)?.tickets[0]?.status).toBe('returned');
  });
});

describe('the order edit', () => {
  it('checks the NIP before sending and shows the server refusals at their fields', async () => {
    const sent: unknown[] = [];
    server.use(
      http.put(apiUrl('/order/order/save'), async ({ request }) => {
        sent.push(await request.json());
        return validationError([{ field: 'customer.email', message: 'Please enter a valid e-mail address.', code: 'field.invalid_email' }]);
      }),
    );
    const { user } = renderApp(`/admin/order/order/edit/${companyOrder().id}`, ADMIN);
    expect(await screen.findByText(/zmiana danych do faktury wystawi fakturę korygującą/)).toBeInTheDocument();
    const nip = screen.getByLabelText(/^NIP/);
    await user.clear(nip);
    await user.type(nip, '865-239-87-45');
    await user.type(screen.getByLabelText(/Powód zmiany/), 'Literówka w NIP');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText(/Ten NIP jest nieprawidłowy/)).toBeInTheDocument();
    expect(nip).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await user.clear(nip);
    await user.type(nip, '865-239-87-48');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ invoice: { vat_number: '8652398748', company_name: 'Transbud Nisko sp. z o.o.' }, reason: 'Literówka w NIP' });
    const email = screen.getByLabelText(/^E-mail/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(/Serwer nie przyjął tej wartości|adres e-mail/);
  });

  it('hides the invoice fields until an invoice is asked for', async () => {
    const order = readDb().orders.find((candidate) => candidate.invoice === null && candidate.number);
    const { user } = renderApp(`/admin/order/order/edit/${order?.id ?? ''}`, ADMIN);
    const wants = await screen.findByRole('checkbox', { name: 'Klient chce fakturę' });
    expect(screen.queryByLabelText(/^NIP/)).not.toBeInTheDocument();
    await user.click(wants);
    expect(screen.getByLabelText(/^NIP/)).toBeInTheDocument();
  });

  it('says an invoice asked for on a paid order is issued at once, and shows a late request refused', async () => {
    server.use(
      http.put(apiUrl('/order/order/save'), () =>
        validationError([{ field: 'invoice', message: 'An invoice can be asked for until 3 months after the end of the month of the sale.', code: 'invoice.too_late' }], 'invoice.too_late'),
      ),
    );
    const order = readDb().orders.find((candidate) => candidate.invoice === null && candidate.status === 'paid' && candidate.number);
    const { user } = renderApp(`/admin/order/order/edit/${order?.id ?? ''}`, ADMIN);
    expect(await screen.findByText(/wystawią fakturę od razu/)).toBeInTheDocument();
    const wants = screen.getByRole('checkbox', { name: 'Klient chce fakturę' });
    await user.click(wants);
    await user.type(screen.getByLabelText(/^Nazwa firmy/), 'Firma sp. z o.o.');
    await user.type(screen.getByLabelText(/^NIP/), '5260250274');
    await user.type(screen.getByLabelText(/^Adres/), 'ul. Długa 1');
    await user.type(screen.getByLabelText(/^Kod pocztowy/), '37-400');
    await user.type(screen.getByLabelText(/^Miejscowość/), 'Nisko');
    await user.type(screen.getByLabelText(/Powód zmiany/), 'Klient chce fakturę');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(wants).toHaveAccessibleDescription(/Ten termin minął/));
  });

  it('issues an invoice for a desk sale without an e-mail or a phone, sending only the invoice data', async () => {
    const sent: unknown[] = [];
    // Recorded, then answered by the mock server's own handler (which refuses a customer without an e-mail, as the server does).
    server.use(
      http.put(apiUrl('/order/order/save'), async ({ request }) => {
        sent.push(await request.clone().json());
        return undefined;
      }),
    );
    const id = withDb((db) => {
      const order = db.orders.find((candidate) => candidate.invoice === null && candidate.status === 'paid' && candidate.number);
      if (!order) throw new Error('the seed has no paid order without an invoice');
      adminOf(db, order).payment_method = 'cash';
      order.customer = { ...order.customer, email: '', phone: '', notify_by_sms: false };
      return order.id;
    });
    const { user } = renderApp(`/admin/order/order/edit/${id}`, ADMIN);
    await user.click(await screen.findByRole('checkbox', { name: 'Klient chce fakturę' }));
    expect(screen.getByText(/e-mail i telefon mogą zostać puste/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Nazwa firmy/), 'Firma sp. z o.o.');
    await user.type(screen.getByLabelText(/^NIP/), '5260250274');
    await user.type(screen.getByLabelText(/^Adres/), 'ul. Długa 1');
    await user.type(screen.getByLabelText(/^Kod pocztowy/), '37-400');
    await user.type(screen.getByLabelText(/^Miejscowość/), 'Nisko');
    await user.type(screen.getByLabelText(/Powód zmiany/), 'Klient chce fakturę');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ invoice: expect.objectContaining({ vat_number: '5260250274' }) as unknown, reason: 'Klient chce fakturę' });
    // Saved: back on the order's page.
    expect(await screen.findByRole('heading', { level: 1, name: /^Zamówienie / })).toBeInTheDocument();
  });

  it('opens the invoice after the sale from the invoice card ("Wystaw fakturę"), its fields at once, and sends only the invoice', async () => {
    const sent: unknown[] = [];
    server.use(
      http.put(apiUrl('/order/order/save'), async ({ request }) => {
        sent.push(await request.clone().json());
        return undefined;
      }),
    );
    const order = readDb().orders.find((candidate) => candidate.invoice === null && candidate.status === 'paid' && candidate.number);
    if (!order) throw new Error('the seed has no paid order without an invoice');
    const { user } = renderApp(`/admin/order/order/${order.id}`, ADMIN);
    const card = (await screen.findByRole('heading', { name: 'Dane do faktury' })).closest('section') as HTMLElement;
    expect(within(card).getByText('Klient nie prosił o fakturę.')).toBeInTheDocument();
    await user.click(within(card).getByRole('link', { name: 'Wystaw fakturę' }));
    expect(await screen.findByRole('heading', { level: 1, name: `Wystaw fakturę do zamówienia ${order.number ?? ''}` })).toBeInTheDocument();
    // Nothing to tick first, and nothing of the customer's in the way.
    expect(screen.queryByRole('checkbox', { name: 'Klient chce fakturę' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Imię/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Nazwa firmy/), 'Firma sp. z o.o.');
    await user.type(screen.getByLabelText(/^NIP/), '5260250274');
    await user.type(screen.getByLabelText(/^Adres/), 'ul. Długa 1');
    await user.type(screen.getByLabelText(/^Kod pocztowy/), '37-400');
    await user.type(screen.getByLabelText(/^Miejscowość/), 'Nisko');
    await user.type(screen.getByLabelText(/Powód zmiany/), 'Faktura po zakupie');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      invoice: { country: 'PL', vat_number: '5260250274', company_name: 'Firma sp. z o.o.', address: 'ul. Długa 1', postal_code: '37-400', city: 'Nisko' },
      reason: 'Faktura po zakupie',
    });
    // Saved: back on the order's page, its card shows the buyer and no second invoice to issue.
    expect(await screen.findByRole('heading', { level: 1, name: /^Zamówienie / })).toBeInTheDocument();
    const saved = (await screen.findByRole('heading', { name: 'Dane do faktury' })).closest('section') as HTMLElement;
    expect(await within(saved).findByText('Firma sp. z o.o.')).toBeInTheDocument();
    expect(within(saved).queryByRole('link', { name: 'Wystaw fakturę' })).not.toBeInTheDocument();
  });
});

describe('the invoices', () => {
  it('lists invoices and corrections, each correction linked to what it corrects', async () => {
    renderApp('/admin/order/invoice', ADMIN);
    const table = await screen.findByRole('table', { name: 'Faktury' });
    // A correction's kind in words, not the code "KOR".
    const correction = within(table).getAllByRole('row').find((row) => row.textContent?.includes('Faktura korygująca')) as HTMLElement;
    const corrected = within(correction).getAllByRole('link')[1] as HTMLElement;
    expect(corrected.textContent).toMatch(/^NB\/\d{4}\/\d+$/);
    expect(corrected.getAttribute('href')).toMatch(/^\/admin\/order\/invoice\/[0-9a-f-]+$/);
  });

  it('shows the register of a period with its totals', async () => {
    const year = companyOrder().paid_at?.slice(0, 4) ?? '';
    renderApp(`/admin/order/invoice/register?as_of=${year}-12-31&from=${year}-01-01&to=${year}-12-31`, ADMIN);
    const table = await screen.findByRole('table', { name: `Rejestr faktur od ${year}-01-01 do ${year}-12-31` });
    expect(within(table).getByRole('rowheader', { name: 'Razem' })).toBeInTheDocument();
    // The KSeF number of each document KSeF accepted (the seed's invoice is).
    expect(within(table).getByRole('columnheader', { name: 'Numer KSeF' })).toBeInTheDocument();
    expect(within(table).getAllByRole('cell').some((cell) => /^\d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/.test(cell.textContent ?? ''))).toBe(true);
    // The register as a file: built from the rows shown, with the lists' export rules.
    expect(screen.getByRole('group', { name: 'Eksport filtrowanej listy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pobierz CSV' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Pobierz Excel (XLSX)' })).toBeEnabled();
  });
});
