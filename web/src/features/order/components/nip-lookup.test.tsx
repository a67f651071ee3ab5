// The order form's invoice: "Pobierz dane z wykazu VAT" beside the NIP fills in the company from the register
// of VAT payers, every field still editable; a NIP the register does not know, a register that cannot be
// reached, too many lookups and a NIP that is not one are each said plainly (docs/invoices.md).
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { warsawDate } from '@/i18n/format';
import { apiUrl } from '@/testing/mocks/api-url';
import { connectionFor, courseId } from '@/testing/mocks/data/catalogue';
import { errorBody } from '@/testing/mocks/handlers/responses';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

import { useBookingStore } from '../stores/booking-store';

const slow = { timeout: 5_000 };

afterEach(() => server.events.removeAllListeners());

/** The order form with a chosen course and the invoice asked for, Poland by default. */
async function invoiceForm(path = '/order/ticket') {
  const course = connectionFor(courseId(1, warsawDate(new Date(Date.now() + 2 * 86_400_000)), '07:30'), 1, 11);
  if (!course) throw new Error('no demo course');
  useBookingStore.getState().chooseCourses(course, null);
  const rendered = renderApp(path);
  await rendered.user.click(await screen.findByRole('checkbox', { name: /^(Chcę otrzymać fakturę VAT|I want a VAT invoice)/ }, slow));
  return rendered;
}

describe("the order form's NIP lookup", { timeout: 20_000 }, () => {
  it('fills in the company from the register, each field still editable', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/company/nip-lookup')) asked.push(new URL(request.url).searchParams.get('nip') ?? '');
    });
    const { user } = await invoiceForm();
    await user.type(screen.getByRole('textbox', { name: 'NIP' }), 'PL 526-025-02-74');
    await user.click(screen.getByRole('button', { name: 'Pobierz dane z wykazu VAT' }));
    expect(await screen.findByText(/Wpisano dane z wykazu podatników VAT: MINISTERSTWO FINANSÓW\./)).toBeInTheDocument();
    expect(asked).toEqual(['5260250274']);
    expect(screen.getByRole('textbox', { name: 'Nazwa firmy' })).toHaveValue('MINISTERSTWO FINANSÓW');
    expect(screen.getByRole('textbox', { name: 'Ulica i numer' })).toHaveValue('ul. Świętokrzyska 12');
    expect(screen.getByRole('textbox', { name: 'Kod pocztowy' })).toHaveValue('00-916');
    expect(screen.getByRole('textbox', { name: 'Miejscowość' })).toHaveValue('Warszawa');
    // Still editable, and what is typed stays (in the booking's state the order sends).
    await user.clear(screen.getByRole('textbox', { name: 'Ulica i numer' }));
    await user.type(screen.getByRole('textbox', { name: 'Ulica i numer' }), 'ul. Świętokrzyska 12/3');
    expect(useBookingStore.getState().invoice).toMatchObject({ company_name: 'MINISTERSTWO FINANSÓW', address: 'ul. Świętokrzyska 12/3', postal_code: '00-916', city: 'Warszawa' });
  });

  it('says a NIP the register does not know, and one it cannot be asked about now', async () => {
    const { user } = await invoiceForm();
    const nip = screen.getByRole('textbox', { name: 'NIP' });
    await user.type(nip, '1234563218');
    await user.click(screen.getByRole('button', { name: 'Pobierz dane z wykazu VAT' }));
    expect(await screen.findByText('Wykaz podatników VAT nie zna tego NIP — wpisz dane ręcznie.')).toBeInTheDocument();
    await user.clear(nip);
    await user.type(nip, '1111111111');
    await user.click(screen.getByRole('button', { name: 'Pobierz dane z wykazu VAT' }));
    expect(await screen.findByText('Wykaz podatników VAT jest teraz niedostępny — wpisz dane ręcznie.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nazwa firmy' })).toHaveValue('');
  });

  it('checks the NIP before asking, and says too many lookups and a refused NIP', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/company/nip-lookup')) asked.push(request.url);
    });
    const { user } = await invoiceForm();
    const nip = screen.getByRole('textbox', { name: 'NIP' });
    await user.type(nip, '1234563219');
    await user.click(screen.getByRole('button', { name: 'Pobierz dane z wykazu VAT' }));
    expect(await screen.findByText('To nie jest poprawny NIP: sprawdź 10 cyfr.')).toBeInTheDocument();
    expect(asked).toEqual([]);

    server.use(http.get(apiUrl('/company/nip-lookup'), () => HttpResponse.json(errorBody(429, 'too many'), { status: 429 })));
    await user.clear(nip);
    await user.type(nip, '5260250274');
    await user.click(screen.getByRole('button', { name: 'Pobierz dane z wykazu VAT' }));
    expect(await screen.findByText(/Za dużo zapytań do wykazu VAT z tego adresu/)).toBeInTheDocument();

    server.use(
      http.get(apiUrl('/company/nip-lookup'), () =>
        HttpResponse.json(errorBody(422, 'the NIP is not valid', [{ field: 'nip', message: 'not valid', code: 'field.invalid_vat_number' }]), { status: 422 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Pobierz dane z wykazu VAT' }));
    await waitFor(() => expect(screen.getByText('To nie jest poprawny NIP: sprawdź 10 cyfr.')).toBeInTheDocument());
  });

  it('is offered for a Polish buyer only', async () => {
    const { user } = await invoiceForm();
    expect(screen.getByRole('button', { name: 'Pobierz dane z wykazu VAT' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kraj' }), 'DE');
    expect(screen.queryByRole('button', { name: 'Pobierz dane z wykazu VAT' })).not.toBeInTheDocument();
  });

  it('speaks English under /en', async () => {
    const { user } = await invoiceForm('/en/order/ticket');
    await user.type(screen.getByRole('textbox', { name: /^NIP/ }), '1111111111');
    await user.click(screen.getByRole('button', { name: 'Fill in from the VAT register' }));
    expect(await screen.findByText('The register of VAT payers cannot be reached now — type the details in.')).toBeInTheDocument();
  });
});
