// A company's data from its NIP (docs/invoices.md), against the real backend in WL_API_URL=sandbox mode (the
// register of VAT payers' stand-in knows 5260250274 and answers 1111111111 as unreachable): on the office's
// sale form, "Pobierz dane z wykazu VAT" fills in the company's name, street, postal code and city, which
// stay editable; an unreachable register is said plainly and the data are typed in. The same button is on
// the customer's order form and the invoice after the fact. Screenshots at 1280 × 800 in /tmp/helper41-shots.
import { mkdir } from 'node:fs/promises';

import { expect, test, type Page } from '@playwright/test';

import { ADMIN, dismissNotices, expectAccessible, logIn } from './support';

const SHOTS = '/tmp/helper41-shots';

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  await dismissNotices(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('the office sale fills in the buyer from the VAT register, or says the register cannot be reached', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, ADMIN);
  await page.goto('/admin/order/order/edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Nowa sprzedaż w biurze' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Klient chce fakturę' }).check();
  const nip = page.getByRole('textbox', { name: /^NIP/ });
  const lookup = page.getByRole('button', { name: 'Pobierz dane z wykazu VAT' });

  await nip.fill('526-025-02-74');
  await lookup.click();
  await expect(page.getByText(/Wpisano dane z wykazu podatników VAT: MINISTERSTWO FINANSÓW\./)).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Nazwa firmy/ })).toHaveValue('MINISTERSTWO FINANSÓW');
  await expect(page.getByRole('textbox', { name: /^Adres/ })).toHaveValue('ul. Świętokrzyska 12');
  await expect(page.getByRole('textbox', { name: /^Kod pocztowy/ })).toHaveValue('00-916');
  await expect(page.getByRole('textbox', { name: /^Miejscowość/ })).toHaveValue('Warszawa');
  // The fields stay editable.
  await page.getByRole('textbox', { name: /^Adres/ }).fill('ul. Świętokrzyska 12, pok. 5');
  await expect(page.getByRole('textbox', { name: /^Adres/ })).toHaveValue('ul. Świętokrzyska 12, pok. 5');
  await expectAccessible(page, testInfo, 'nip-lookup-found');
  await shot(page, '11-office-sale-nip-found');

  // A register that cannot be reached: said plainly, the data typed in stay.
  await nip.fill('1111111111');
  await lookup.click();
  await expect(page.getByText('Wykaz podatników VAT jest teraz niedostępny — wpisz dane ręcznie.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Nazwa firmy/ })).toHaveValue('MINISTERSTWO FINANSÓW');
  await shot(page, '12-office-sale-nip-unreachable');

  // A NIP the register does not know.
  await nip.fill('123-456-32-18');
  await lookup.click();
  await expect(page.getByText('Wykaz podatników VAT nie zna tego NIP — wpisz dane ręcznie.')).toBeVisible();

  // In English.
  await page.goto('/en/admin/order/order/edit');
  await page.getByRole('checkbox', { name: 'The customer wants an invoice' }).check();
  await page.getByRole('textbox', { name: /^Tax number \(NIP\)/ }).fill('1111111111');
  await page.getByRole('button', { name: 'Fill in from the VAT register' }).click();
  await expect(page.getByText('The register of VAT payers cannot be reached now — type the details in.')).toBeVisible();
});
