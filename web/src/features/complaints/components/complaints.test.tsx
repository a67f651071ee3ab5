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
    expect(within(filed).getByText(/Do 2026-12-27 poinformujemy.*ostateczna odpowiedź do 2027-02-27/)).toBeInTheDocument();
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
    expect(screen.getByText('Odpowiedź do 2027-02-27')).toBeInTheDocument();
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

    await user.type(screen.getByLabelText('Odpowiedź'), 'Przepraszamy.');
    expect(screen.getByRole('button', { name: 'Wyślij odpowiedź' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Uwzględnij' }));
    await screen.findByText('uwzględniona', {}, slow);
    await user.click(screen.getByRole('button', { name: 'Wyślij odpowiedź' }));
    expect(await screen.findByRole('heading', { name: 'Udzielona odpowiedź' }, slow)).toBeInTheDocument();
    expect(screen.getByText('Przepraszamy.')).toBeInTheDocument();
  });
});
