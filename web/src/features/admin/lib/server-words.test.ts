// The office manager's defect 13: the order's history and reasons mixed languages ("(office)" in Polish,
// "Zwrot biletu" in English) and wrote dates as ISO beside the panel's own. The server's texts in the
// panel's language, its dates the panel's way.
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';

import { FORMAT_LOCALES } from '@/i18n/locales';
import { MESSAGES } from '@/i18n/messages';

import { serverWords } from './server-words';

const pl = createIntl({ locale: FORMAT_LOCALES.pl, messages: MESSAGES.pl });
const en = createIntl({ locale: FORMAT_LOCALES.en, messages: MESSAGES.en });

describe("the server's texts in the panel", () => {
  it('say the reasons the server writes in Polish in English under /en', () => {
    expect(serverWords('To be paid back at the office: PLN 35.10 (Zwrot biletu NK-2026-000001)', en)).toBe('To be paid back at the office: PLN 35.10 (Ticket NK-2026-000001 returned)');
    expect(serverWords('Correction NB-KOR/2026/1 of invoice NB/2026/1: -PLN 35.10 (Zwrot biletu NK-2026-000001)', en)).toBe(
      'Correction NB-KOR/2026/1 of invoice NB/2026/1: -PLN 35.10 (Ticket NK-2026-000001 returned)',
    );
    expect(serverWords('Zwrot biletu NK-2026-000001', en)).toBe('Ticket NK-2026-000001 returned');
    expect(serverWords('Anulowanie zamówienia NB-2026-000004', en)).toBe('Order NB-2026-000004 cancelled');
    expect(serverWords('Anulowanie zamówienia: klient zrezygnował', en)).toBe('Order cancelled: klient zrezygnował');
    expect(serverWords('Anulowanie zamówienia', en)).toBe('Order cancelled');
    expect(serverWords('Zmiana kursu biletu NK-2026-000003', en)).toBe('Ticket NK-2026-000003 moved to another course');
    expect(serverWords('Zmiana kursu, bilet NK-2026-000003', en)).toBe('Ticket NK-2026-000003 moved to another course');
    expect(serverWords('Zwrot płatności NB-2026-000004', en)).toBe('Late payment for order NB-2026-000004 refunded');
    expect(serverWords('Odszkodowanie, zamówienie NB-2026-000004', en)).toBe('Compensation, order NB-2026-000004');
    expect(serverWords('Zmiana danych nabywcy: nowy adres', en)).toBe("Buyer's details changed: nowy adres");
    expect(serverWords('Kurs odwołany: Awaria', en)).toBe('Course cancelled: Awaria');
    expect(serverWords('Klient poprosił o fakturę', en)).toBe('The customer asked for an invoice');
  });

  it('leave the Polish panel\'s Polish as it is, and an admin\'s own words in either', () => {
    expect(serverWords('Do wypłaty w kasie: 35,10 zł (Zwrot biletu NK-2026-000001)', pl)).toBe('Do wypłaty w kasie: 35,10 zł (Zwrot biletu NK-2026-000001)');
    expect(serverWords('Told the course was cancelled: Awaria autokaru', en)).toBe('Told the course was cancelled: Awaria autokaru');
  });

  it('say who chose on a disrupted course in words, in both languages', () => {
    expect(serverWords('Wybrano pełny zwrot 18,00 zł (office)', pl)).toBe('Wybrano pełny zwrot 18,00 zł (wybór biura)');
    expect(serverWords('Wybrano inny kurs bez dopłaty (passenger)', pl)).toBe('Wybrano inny kurs bez dopłaty (wybór pasażera)');
    expect(serverWords('Wybrano pełny zwrot 18,00 zł (automatic)', pl)).toBe('Wybrano pełny zwrot 18,00 zł (automatycznie)');
    expect(serverWords('Full refund chosen: PLN 18.00 (office)', en)).toBe("Full refund chosen: PLN 18.00 (the office's choice)");
    expect(serverWords('Składanie zamówienia przerwane: the placement was interrupted', pl)).toBe('Składanie zamówienia przerwane: proces składania został przerwany');
  });

  it('write dates and times the panel\'s way, never as ISO', () => {
    // A Warsaw wall-clock time as the server writes it: shown as that time, only formatted.
    expect(serverWords('Bilet NK-2026-000003 przeniesiono na kurs 2026-12-05 07:10; różnica 0,00 zł', pl)).toBe('Bilet NK-2026-000003 przeniesiono na kurs 05.12.2026, 07:10; różnica 0,00 zł');
    expect(serverWords('Ticket NK-2026-000003 moved to the course at 2026-12-05 07:10; difference PLN 0.00', en)).toBe(
      'Ticket NK-2026-000003 moved to the course at 05/12/2026, 07:10; difference PLN 0.00',
    );
    // A whole instant in Warsaw time; a day alone.
    expect(serverWords('KSeF unavailable: NB/2026/1 was issued offline, to be sent by 2026-12-01T22:59:00Z', en)).toBe(
      'KSeF unavailable: NB/2026/1 was issued offline, to be sent by 01/12/2026, 23:59',
    );
    expect(serverWords('do wysłania do 2026-12-02', pl)).toBe('do wysłania do 02.12.2026');
    // Numbers that only look alike stay.
    expect(serverWords('Dokument NB/2026/1 ma numer KSeF 8652556348-20261130-000000100374-4F', pl)).toBe('Dokument NB/2026/1 ma numer KSeF 8652556348-20261130-000000100374-4F');
    expect(serverWords('Zwrócono bilet NK-2026-000001', pl)).toBe('Zwrócono bilet NK-2026-000001');
  });
});
