import { createIntl } from 'react-intl';
import { readSheet } from 'read-excel-file/universal';
import { describe, expect, it } from 'vitest';

import en from '@/i18n/messages/en.json';
import pl from '@/i18n/messages/pl.json';

import type { OrderListItem } from '../api/orders';

import { COUPONS_EXPORT, exportTable, ORDERS_EXPORT, REGISTER_EXPORT, toCsv, zloty } from './exports';
import { toXlsx } from './xlsx';

const polish = createIntl({ locale: 'pl', defaultLocale: 'pl', messages: pl });
const english = createIntl({ locale: 'en', defaultLocale: 'pl', messages: en });

const order: OrderListItem = {
  id: '0193a1b2-0000-7000-8000-000000000001',
  hash_id: 'AB12CD34',
  number: 'ZAM/2026/11/0042',
  status: 'paid',
  placed_at: '2026-11-27T13:05:42.123456Z',
  paid_at: '2026-11-27T13:07:00Z',
  expires_at: '2026-11-27T13:35:00Z',
  first_name: 'Anna',
  last_name: 'Kowalska; "Nowak"\nz domu',
  email: 'anna@example.com',
  phone: '+48 600 100 200',
  route_id: 1,
  route_name: '=HYPERLINK("http://x")',
  from_name: 'Nisko',
  to_name: 'Kraków',
  course_id: 'c1',
  departure_at: '2026-07-12T05:30:00Z',
  passengers: 2,
  total: 2315,
  total_formatted: '23,15 zł',
  coupon_amount: 0,
  coupon_code: null,
  to_pay: 2315,
  to_pay_formatted: '23,15 zł',
  invoice_number: null,
};

function csvLines(csv: string): string[] {
  return csv.split('\r\n');
}

describe('CSV export', () => {
  it('writes złoty with a decimal comma, including negatives and small amounts', () => {
    expect([zloty(2315), zloty(-3900), zloty(-5), zloty(0), zloty(123456)]).toEqual(['23,15', '-39,00', '-0,05', '0,00', '1234,56']);
  });

  it('opens in a Polish spreadsheet: BOM, semicolons, Polish headers and statuses, złoty, Warsaw time', () => {
    const csv = toCsv(exportTable(ORDERS_EXPORT, [order], polish));
    expect(csv.startsWith('\uFEFFNumer;Status;Złożone;Opłacone;Imię;Nazwisko;')).toBe(true);
    const [, row] = csvLines(csv.slice(1));
    // 13:05Z in November is 14:05 in Warsaw (CET); 05:30Z in July is 07:30 (CEST). No seconds, no zone.
    expect(row).toContain('ZAM/2026/11/0042;Opłacone;2026-11-27 14:05;2026-11-27 14:07;Anna;');
    expect(row).toContain(';Nisko;Kraków;2026-07-12 07:30;;2;23,15;;0,00;23,15;');
  });

  it('quotes a name with a semicolon, quotes and a line break, and neutralises formulas', () => {
    const csv = toCsv(exportTable(ORDERS_EXPORT, [order], polish));
    expect(csv).toContain(';"Kowalska; ""Nowak""\nz domu";');
    // A leading =, +, - or @ would be run by the spreadsheet: it starts with an apostrophe instead.
    expect(csv).toContain(`;"'=HYPERLINK(""http://x"")";`);
    expect(csv).toContain(";'+48 600 100 200;");
    const hostile = ['-1+1', '@SUM(A1)', '+1', '=1'].map((name) => ({ ...order, first_name: name }));
    const rows = csvLines(toCsv(exportTable(ORDERS_EXPORT, hostile, polish))).slice(1, 5);
    expect(rows.map((row) => row.split(';')[4])).toEqual(["'-1+1", "'@SUM(A1)", "'+1", "'=1"]);
  });

  it('speaks English under /en/admin', () => {
    const csv = toCsv(exportTable(ORDERS_EXPORT, [order], english));
    expect(csv.startsWith('\uFEFFNumber;Status;Placed;Paid;First name;Last name;')).toBe(true);
    expect(csv).toContain('ZAM/2026/11/0042;Paid;2026-11-27 14:05;');
  });

  it('writes coupons with yes/no and their origin in words', () => {
    const coupon = {
      code: 'NISKO10',
      initial_value: 1000,
      initial_value_formatted: '10,00 zł',
      current_value: 500,
      current_value_formatted: '5,00 zł',
      usages: 1,
      used: false,
      expired: false,
      expires_at: null,
      origin: 'stamp_reward',
      issued_at: '2026-01-15T08:00:00Z',
      updated_at: '2026-01-15T08:00:00Z',
    };
    expect(csvLines(toCsv(exportTable(COUPONS_EXPORT, [coupon], polish)))).toEqual([
      '\uFEFFKod;Wartość początkowa (zł);Pozostało (zł);Użycia;Wykorzystany;Przeterminowany;Ważny do;Pochodzenie;Wystawiono',
      'NISKO10;10,00;5,00;1;Nie;Nie;;Nagroda za pieczątki;2026-01-15 09:00',
      '',
    ]);
  });
});

describe('XLSX export', () => {
  it('writes amounts as numbers and times as Warsaw dates, read back by another library', async () => {
    const blob = await toXlsx(exportTable(ORDERS_EXPORT, [order], polish));
    const [header, row] = await readSheet(await blob.arrayBuffer());
    expect(header?.slice(0, 3)).toEqual(['Numer', 'Status', 'Złożone']);
    const column = (name: string) => row?.[header?.indexOf(name) ?? -1];
    expect(column('Wartość (zł)')).toBe(23.15);
    expect(column('Do zapłaty (zł)')).toBe(23.15);
    expect(column('Pasażerowie')).toBe(2);
    expect(column('Status')).toBe('Opłacone');
    // The sheet shows the Warsaw wall-clock time: its UTC fields are 14:05.
    expect(column('Złożone')).toEqual(new Date('2026-11-27T14:05:00Z'));
    // A text cell is text, never a formula: kept as typed.
    expect(column('Trasa')).toBe('=HYPERLINK("http://x")');
    expect(column('Nazwisko')).toBe('Kowalska; "Nowak"\nz domu');
  });

  it('gives money a złoty format and dates a date format', async () => {
    const { unzipSync, strFromU8 } = await import('fflate');
    const blob = await toXlsx(exportTable(REGISTER_EXPORT, [{ number: 'FV/1', kind: 'KOR', issue_date: '2026-11-27', sale_date: null, buyer_name: 'Firma', buyer_tax_id: '5260250274', net: -1882, vat: -433, gross: -2315 }], polish));
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const styles = strFromU8(files['xl/styles.xml'] ?? new Uint8Array());
    expect(styles).toContain('formatCode="#,##0.00 &quot;zł&quot;"');
    expect(styles).toContain('formatCode="yyyy-mm-dd"');
    const [, row] = await readSheet(await blob.arrayBuffer());
    expect(row?.slice(0, 3)).toEqual(['FV/1', 'Faktura korygująca', new Date('2026-11-27T00:00:00Z')]);
    expect(row?.slice(6, 9)).toEqual([-18.82, -4.33, -23.15]);
  });
});
