import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { COMPLAINT_ORDER } from '@/testing/mocks/handlers/complaints';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const JAN = 'jan.kowalski@example.com';
const slow = { timeout: 5_000 };

/** A PNG picture's first bytes: what the server (and the mock) tell a picture by. */
const picture = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], 'autobus.png', { type: 'image/png' });

describe('the complaint form', { timeout: 20_000 }, () => {
  it('files a guest complaint with a picture and shows its number and deadlines', async () => {
    const { user } = renderApp('/reklamacje');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reklamacja' }, slow)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Numer zamówienia lub biletu/), COMPLAINT_ORDER);
    await user.type(screen.getByLabelText(/Adres e-mail z zamówienia/), JAN);
    await user.type(screen.getByLabelText(/Co się stało/), 'Autobus nie przyjechał.');
    await user.upload(screen.getByLabelText(/Załączniki/), picture());
    await user.click(screen.getByRole('button', { name: 'Wyślij reklamację' }));

    const filed = await screen.findByRole('status', {}, slow);
    expect(within(filed).getByText('Numer reklamacji: RK-2026-000002')).toBeInTheDocument();
    expect(within(filed).getByRole('heading', { name: 'Otrzymaliśmy reklamację' })).toBeInTheDocument();
    // Days as Polish readers write them, never ISO.
    expect(within(filed).getByText(/Do 27\.12\.2026 poinformujemy.*ostateczna odpowiedź do 27\.02\.2027/)).toBeInTheDocument();
  });

  it('files once on a double click: the button is disabled from the click to the answer', async () => {
    const keys: (string | null)[] = [];
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(apiUrl('/complaint/complaint/save'), async ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        await answered;
        return undefined;
      }),
    );
    const { user } = renderApp('/reklamacje');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reklamacja' }, slow)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Numer zamówienia lub biletu/), COMPLAINT_ORDER);
    await user.type(screen.getByLabelText(/Adres e-mail z zamówienia/), JAN);
    await user.type(screen.getByLabelText(/Co się stało/), 'Kierowca nie zatrzymał się na przystanku.');
    const send = screen.getByRole('button', { name: 'Wyślij reklamację' });
    await user.dblClick(send);
    expect(await screen.findByRole('button', { name: 'Wysyłanie…' })).toBeDisabled();
    release();
    const filed = await screen.findByRole('status', {}, slow);
    expect(within(filed).getByText(/Numer reklamacji: RK-2026-/)).toBeInTheDocument();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[!-~]{1,200}$/);
  });

  it('writes the deadlines as English readers do under /en', async () => {
    const { user } = renderApp('/en/complaints');
    expect(await screen.findByRole('heading', { level: 1, name: 'Complaint' }, slow)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Order or ticket number/), COMPLAINT_ORDER);
    await user.type(screen.getByLabelText(/e-mail address/), JAN);
    await user.type(screen.getByLabelText(/What happened/), 'The coach was late.');
    await user.click(screen.getByRole('button', { name: 'Send the complaint' }));
    const filed = await screen.findByRole('status', {}, slow);
    expect(within(filed).getByText(/27 Dec 2026.*27 Feb 2027/)).toBeInTheDocument();
  });

  it('sends one Idempotency-Key per filled form: the same on a retry, a new one once the form is changed', async () => {
    const keys: (string | null)[] = [];
    let lost = 2;
    server.use(
      http.post(apiUrl('/complaint/complaint/save'), ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        if (lost > 0) {
          lost -= 1;
          return HttpResponse.error();
        }
        return undefined;
      }),
    );
    const { user } = renderApp('/reklamacje');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reklamacja' }, slow)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Numer zamówienia lub biletu/), COMPLAINT_ORDER);
    await user.type(screen.getByLabelText(/Adres e-mail z zamówienia/), JAN);
    await user.type(screen.getByLabelText(/Co się stało/), 'Autobus nie przyjechał');
    const send = screen.getByRole('button', { name: 'Wyślij reklamację' });
    // The answer is lost; the customer adds a word (another filing) and it is lost again; then a retry.
    await user.click(send);
    expect(await screen.findByRole('alert', {}, slow)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Co się stało/), '.');
    await user.click(screen.getByRole('button', { name: 'Wyślij reklamację' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    await user.click(await screen.findByRole('button', { name: 'Wyślij reklamację' }, slow));

    const filed = await screen.findByRole('status', {}, slow);
    expect(within(filed).getByText(/Numer reklamacji: RK-2026-/)).toBeInTheDocument();
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/\S/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });

  it('says why a file that is not a picture or PDF is refused, by its content', async () => {
    const { user } = renderApp('/en/complaints');
    expect(await screen.findByRole('heading', { level: 1, name: 'Complaint' }, slow)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Order or ticket number/), COMPLAINT_ORDER);
    await user.type(screen.getByLabelText(/e-mail address/), JAN);
    await user.type(screen.getByLabelText(/What happened/), 'The coach was late.');
    const page = new File(['<html><script>alert(1)</script></html>'], 'photo.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText(/Attachments/), page);
    await user.click(screen.getByRole('button', { name: 'Send the complaint' }));

    expect(await screen.findByText('Only pictures (JPEG, PNG, GIF, WebP) and PDF files can be attached.', {}, slow)).toBeInTheDocument();
    expect(screen.getByLabelText(/Attachments/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for the missing fields and says when no order has that number and e-mail', async () => {
    const { user } = renderApp('/reklamacje');
    await user.click(await screen.findByRole('button', { name: 'Wyślij reklamację' }, slow));
    expect(screen.getByLabelText(/Numer zamówienia lub biletu/)).toHaveAccessibleDescription(/To pole jest wymagane/);

    await user.type(screen.getByLabelText(/Numer zamówienia lub biletu/), 'NB-1999-000001');
    await user.type(screen.getByLabelText(/Adres e-mail z zamówienia/), JAN);
    await user.type(screen.getByLabelText(/Co się stało/), 'Spóźnienie.');
    await user.click(screen.getByRole('button', { name: 'Wyślij reklamację' }));
    expect(
      await screen.findByText('Nie znaleźliśmy zamówienia ani biletu o tym numerze z tym adresem e-mail.', {}, slow),
    ).toBeInTheDocument();
  });

  it('fills in a logged-in customer’s e-mail and lists their complaints with the answers', async () => {
    const { user } = renderApp('/reklamacje', { loggedInAs: JAN });
    expect(await screen.findByLabelText(/Adres e-mail z zamówienia/, {}, slow)).toHaveValue(JAN);
    await user.type(screen.getByLabelText(/Numer zamówienia lub biletu/), COMPLAINT_ORDER);
    await user.type(screen.getByLabelText(/Co się stało/), 'Brak klimatyzacji.');
    await user.click(screen.getByRole('button', { name: 'Wyślij reklamację' }));
    await screen.findByRole('status', {}, slow);

    await user.click(screen.getByRole('link', { name: 'Twoje reklamacje' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Twoje reklamacje' }, slow)).toBeInTheDocument();
    expect(await screen.findByText('Brak klimatyzacji.', {}, slow)).toBeInTheDocument();
    expect(screen.getByText('Odpowiedź do 27.02.2027')).toBeInTheDocument();
    // The one filed earlier as a guest with the account's e-mail is listed too, received (not "accepted").
    const guestFiled = screen.getByRole('heading', { level: 2, name: 'RK-2026-000001 (otrzymana)' }).closest('li');
    expect(within(guestFiled as HTMLElement).getByText('Złożona 20.11.2026')).toBeInTheDocument();
    expect(within(guestFiled as HTMLElement).getByText('Informacja, czy ją uwzględniamy, do 20.12.2026')).toBeInTheDocument();
  });
});

describe('the admin complaint page', { timeout: 20_000 }, () => {
  it('lists complaints with their days left, each linked to its page', async () => {
    renderApp('/admin/complaint/complaint', { loggedInAs: 'admin@example.com' });
    const row = (await screen.findByRole('cell', { name: 'RK-2026-000001' }, slow)).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByRole('cell', { name: '23' })).toBeInTheDocument();

    expect(within(row as HTMLElement).getByRole('link', { name: 'RK-2026-000001' })).toHaveAttribute(
      'href',
      '/admin/complaint/complaint/00000000-0000-4000-8000-00000000c001',
    );
  });

  it('accepts and answers a complaint on its page', async () => {
    const { user } = renderApp('/admin/complaint/complaint/00000000-0000-4000-8000-00000000c001', { loggedInAs: 'admin@example.com' });
    expect(await screen.findByRole('heading', { level: 1, name: 'RK-2026-000001' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'autobus.png' })).toHaveAttribute('href', expect.stringContaining('/api/complaint/attachment/download?id='));

    // Days, not ISO: the deadlines of the seeded complaint.
    expect(screen.getByText(/^20\.12\.2026/)).toBeInTheDocument();
    expect(screen.getByText(/^20\.02\.2027/)).toBeInTheDocument();
    expect(screen.getByText('otrzymana')).toBeInTheDocument();
    expect(screen.getByText('przez stronę')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Odpowiedź'), 'Przepraszamy.');
    expect(screen.getByRole('button', { name: 'Wyślij odpowiedź' })).toBeDisabled();
    // Accepting is asked first: the customer is e-mailed at once and the decision is final.
    await user.click(screen.getByRole('button', { name: 'Uwzględnij' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Uwzględnić reklamację?' });
    await user.click(within(dialog).getByRole('button', { name: 'Uwzględnij' }));
    await screen.findByText('uwzględniona', {}, slow);
    await user.click(screen.getByRole('button', { name: 'Wyślij odpowiedź' }));
    expect(await screen.findByRole('heading', { name: 'Udzielona odpowiedź' }, slow)).toBeInTheDocument();
    expect(screen.getByText('Przepraszamy.')).toBeInTheDocument();
  });

  it('asks before rejecting, and a cancelled question does nothing', async () => {
    const steps: string[] = [];
    server.use(
      http.post(apiUrl('/complaint/complaint/reject'), () => {
        steps.push('reject');
        return undefined;
      }),
    );
    const { user } = renderApp('/admin/complaint/complaint/00000000-0000-4000-8000-00000000c001', { loggedInAs: 'admin@example.com' });
    expect(await screen.findByRole('heading', { level: 1, name: 'RK-2026-000001' }, slow)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Odrzuć' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Odrzucić reklamację?' });
    expect(dialog).toHaveTextContent('Tej decyzji nie można potem zmienić.');
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(steps).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Odrzuć' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Odrzucić reklamację?' })).getByRole('button', { name: 'Odrzuć' }));
    await screen.findByText('odrzucona', {}, slow);
    expect(steps).toEqual(['reject']);
  });

  it('files a complaint for a passenger who phoned, with the admin token and an Idempotency-Key', async () => {
    const sent: { key: string | null; auth: string | null; body: unknown }[] = [];
    server.use(
      http.post(apiUrl('/complaint/complaint/save'), async ({ request }) => {
        sent.push({ key: request.headers.get('Idempotency-Key'), auth: request.headers.get('Authorization'), body: await request.clone().json() });
        return undefined;
      }),
    );
    const { user } = renderApp('/admin/complaint/complaint', { loggedInAs: 'admin@example.com' });
    await user.click(await screen.findByRole('link', { name: 'Zgłoś reklamację pasażera' }, slow));
    expect(await screen.findByRole('heading', { level: 1, name: 'Zgłoś reklamację pasażera' }, slow)).toBeInTheDocument();

    // Nothing typed: the fields say so, nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Zapisz reklamację' }));
    expect(screen.getByLabelText(/^Numer zamówienia lub biletu/)).toHaveAccessibleDescription('To pole jest wymagane.');
    expect(sent).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Numer zamówienia lub biletu/), COMPLAINT_ORDER);
    await user.type(screen.getByLabelText(/^E-mail pasażera/), 'ola.nowak@example.com');
    await user.type(screen.getByLabelText(/^Treść reklamacji/), 'Pasażerka dzwoniła: autobus nie przyjechał.');
    await user.selectOptions(screen.getByLabelText('Otrzymana'), 'telefon');
    await user.selectOptions(screen.getByLabelText('Język odpowiedzi'), 'angielski');
    await user.click(screen.getByRole('button', { name: 'Zapisz reklamację' }));

    const done = await screen.findByRole('status', {}, slow);
    expect(done).toHaveTextContent(/Zapisano reklamację RK-2026-000002\..*decyzja do 27\.12\.2026\./);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toMatch(/\S/);
    expect(sent[0]?.auth).toMatch(/^Bearer /);
    expect(sent[0]?.body).toEqual({
      number: COMPLAINT_ORDER,
      email: 'ola.nowak@example.com',
      text: 'Pasażerka dzwoniła: autobus nie przyjechał.',
      language: 'en',
      received_via: 'phone',
    });

    // Its page and the list say the office filed it, and how it came.
    await user.click(within(done).getByRole('link', { name: 'Otwórz reklamację' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'RK-2026-000002' }, slow)).toBeInTheDocument();
    expect(screen.getByText('Zgłoszona przez biuro (telefon)')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Wróć do listy' }));
    const row = (await screen.findByRole('cell', { name: 'RK-2026-000002' }, slow)).closest('tr');
    expect(within(row as HTMLElement).getByRole('cell', { name: 'Zgłoszona przez biuro (telefon)' })).toBeInTheDocument();
  });
});
