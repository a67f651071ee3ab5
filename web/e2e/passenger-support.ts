// The passenger's steps in Polish and English shared by the specs of issue #30 (the phone journeys
// and the screenshots): the texts each step looks for, a search Nisko → Kraków, and a guest's
// one-way reservation up to its payment page.
import { expect, type Page } from '@playwright/test';

import { pickStop, warsawDay } from './booking-support';

/** The texts the steps need, per language. */
export const UI = {
  pl: {
    prefix: '',
    from: 'Skąd',
    to: 'Dokąd',
    date: 'Data wyjazdu',
    search: 'Szukaj połączeń',
    results: 'Wyniki wyszukiwania',
    changeSearch: 'Zmień wyszukiwanie',
    departs: /odjazd/,
    choose: 'Dalej: dane biletów',
    firstName: 'Imię',
    lastName: 'Nazwisko',
    email: 'Adres e-mail',
    phone: 'Telefon',
    statute: /Akceptuję regulamin/,
    gdpr: /przetwarzanie moich danych/,
    order: 'Zamawiam z obowiązkiem zapłaty',
    saved: 'Rezerwacja zapisana',
    stop: 'Zatrzymaj przekierowanie',
    expired: 'Rezerwacja wygasła',
    searchAgain: 'Wyszukaj to połączenie ponownie',
    toPay: /Do zapłaty|Przejdź do płatności|oczekuje na płatność/,
    pay: 'Zapłać',
    cancel: 'Anuluj',
    cancelled: 'Rezerwacja anulowana',
    countdown: /Przekierujemy Cię do płatności/,
    cookies: 'Informacja o plikach cookies',
  },
  en: {
    prefix: '/en',
    from: 'From',
    to: 'To',
    date: 'Departure date',
    search: 'Search connections',
    results: 'Search results',
    changeSearch: 'Change the search',
    departs: /departs/,
    choose: 'Continue: ticket details',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'E-mail address',
    phone: 'Phone',
    statute: /I accept the terms/,
    gdpr: /processing of my personal data/,
    order: 'Order with obligation to pay',
    saved: 'Reservation saved',
    stop: 'Stop the redirect',
    expired: 'Reservation expired',
    searchAgain: 'Search for this connection again',
    toPay: /To pay|Go to payment|pending payment/,
    pay: 'Pay',
    cancel: 'Cancel',
    cancelled: 'Reservation cancelled',
    countdown: /Taking you to the payment/,
    cookies: 'Cookie notice',
  },
} as const;

export type Lang = keyof typeof UI;

/** Searches Nisko → Kraków `days` from today on the home page. */
export async function search(page: Page, lang: Lang, days: number): Promise<void> {
  const ui = UI[lang];
  await pickStop(page, ui.from, 'Nisko', /^Nisko, Dworzec Autobusowy/);
  await pickStop(page, ui.to, 'Krak', /^Kraków, MDA Dworzec Autobusowy/);
  await page.getByLabel(ui.date).fill(warsawDay(days));
  await page.getByRole('button', { name: ui.search }).click();
  await expect(page.getByRole('heading', { level: 1, name: ui.results })).toBeVisible();
}

/** From the home page to the payment page of a one-way guest reservation. */
export async function reserve(page: Page, lang: Lang, days: number): Promise<void> {
  const ui = UI[lang];
  await page.goto(`${ui.prefix}/`);
  await search(page, lang, days);
  await page.getByRole('radio', { name: ui.departs }).first().check();
  await page.getByRole('button', { name: ui.choose }).click();
  await page.getByLabel(ui.firstName).fill('Ewa');
  await page.getByLabel(ui.lastName).fill('Nowak');
  await page.getByLabel(ui.email).fill('ewa.nowak@example.com');
  await page.getByLabel(ui.phone).fill('+48 600 200 300');
  await page.getByRole('checkbox', { name: ui.statute }).check();
  await page.getByRole('checkbox', { name: ui.gdpr }).check();
  await page.getByRole('button', { name: ui.order }).click();
  await expect(page.getByRole('heading', { level: 1, name: ui.saved })).toBeVisible();
}
