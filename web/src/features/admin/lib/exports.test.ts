import { createIntl } from 'react-intl';
import { readSheet } from 'read-excel-file/universal';
import { describe, expect, it } from 'vitest';

import en from '@/i18n/messages/en.json';
import pl from '@/i18n/messages/pl.json';

import type { SalesRecord } from '../api/finance';
import type { OrderListItem } from '../api/orders';

import { COUPONS_EXPORT, exportTable, ORDERS_EXPORT, ratesOf, REGISTER_EXPORT, registerExport, salesRegisterExport, toCsv, zloty, type OrderExportRow } from './exports';
import { columnWidth, toXlsx } from './xlsx';

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
  payment_method: 'online',
  paid_amount: 2315,
  refunded: 0,
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
    const blob = await toXlsx(exportTable(REGISTER_EXPORT, [{ number: 'FV/1', kind: 'KOR', issue_date: '2026-11-27', sale_date: null, buyer_name: 'Firma', buyer_tax_id: '5260250274', vat_rate: 23, net: -1882, vat: -433, gross: -2315 }], polish));
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const styles = strFromU8(files['xl/styles.xml'] ?? new Uint8Array());
    expect(styles).toContain('formatCode="#,##0.00 &quot;zł&quot;"');
    expect(styles).toContain('formatCode="yyyy-mm-dd"');
    const [, row] = await readSheet(await blob.arrayBuffer());
    expect(row?.slice(0, 3)).toEqual(['FV/1', 'Faktura korygująca', new Date('2026-11-27T00:00:00Z')]);
    expect(row?.slice(6, 9)).toEqual([-18.82, -4.33, -23.15]);
  });
});

/** A CSV's cells: its lines split at `;` (no cell of these tests holds one), header first. */
function csvTable(csv: string): string[][] {
  return csvLines(csv.slice(1))
    .filter((line) => line !== '')
    .map((line) => line.split(';'));
}

/** The cell of `row` under the header `name`. */
const cellOf = (table: string[][], row: string[] | undefined, name: string) => row?.[table[0]?.indexOf(name) ?? -1];

describe('the orders export a bookkeeper reconciles', () => {
  // Paid 23,15 zł in cash, 10,00 zł of it paid back at the desk; and an order still waiting for its payment.
  const paidAtDesk: OrderExportRow = { ...order, last_name: 'Kowalska', route_name: 'Nisko – Kraków', payment_method: 'cash', paid_amount: 2315, refunded: 1000 };
  const online: OrderExportRow = { ...order, id: 'o2', number: 'ZAM/2026/11/0043', passengers: 1, total: 3900, to_pay: 3900, last_name: 'Nowak', route_name: 'Nisko – Kraków', payment_method: 'online', paid_amount: 3900, refunded: 0 };
  const unpaid: OrderExportRow = { ...order, id: 'o3', number: 'ZAM/2026/11/0044', status: 'pending_payment', paid_at: null, passengers: 1, total: 1600, to_pay: 1600, last_name: 'Lis', route_name: 'Nisko – Kraków', payment_method: null, paid_amount: null, refunded: 0 };

  it('says how each order was paid, what was paid and given back, and what is left', () => {
    const table = csvTable(toCsv(exportTable(ORDERS_EXPORT, [paidAtDesk, online, unpaid], polish)));
    expect(table[0]?.slice(-4)).toEqual(['Sposób płatności', 'Wpłacono (zł)', 'Zwrócono (zł)', 'Per saldo (wpłacono − zwrócono) (zł)']);
    const [, desk, gateway, waiting] = table;
    expect([cellOf(table, desk, 'Sposób płatności'), cellOf(table, desk, 'Wpłacono (zł)'), cellOf(table, desk, 'Zwrócono (zł)'), cellOf(table, desk, 'Per saldo (wpłacono − zwrócono) (zł)')]).toEqual([
      'Gotówka',
      '23,15',
      '10,00',
      '13,15',
    ]);
    expect(cellOf(table, gateway, 'Sposób płatności')).toBe('Online');
    expect(cellOf(table, gateway, 'Per saldo (wpłacono − zwrócono) (zł)')).toBe('39,00');
    // Nothing was paid: no amounts, not zeros.
    expect([cellOf(table, waiting, 'Wpłacono (zł)'), cellOf(table, waiting, 'Zwrócono (zł)'), cellOf(table, waiting, 'Per saldo (wpłacono − zwrócono) (zł)')]).toEqual(['', '', '']);
  });

  it('ends with a totals row summing every amount and the passengers', () => {
    const table = csvTable(toCsv(exportTable(ORDERS_EXPORT, [paidAtDesk, online, unpaid], polish)));
    expect(table).toHaveLength(1 + 3 + 1);
    const totals = table.at(-1);
    expect(totals?.[0]).toBe('Razem');
    expect(cellOf(table, totals, 'Pasażerowie')).toBe('4');
    expect(cellOf(table, totals, 'Wartość (zł)')).toBe('78,15');
    expect(cellOf(table, totals, 'Do zapłaty (zł)')).toBe('78,15');
    expect(cellOf(table, totals, 'Wpłacono (zł)')).toBe('62,15');
    expect(cellOf(table, totals, 'Zwrócono (zł)')).toBe('10,00');
    expect(cellOf(table, totals, 'Per saldo (wpłacono − zwrócono) (zł)')).toBe('52,15');
    // Texts and times are not summed.
    expect([cellOf(table, totals, 'Status'), cellOf(table, totals, 'Złożone'), cellOf(table, totals, 'Sposób płatności')]).toEqual(['', '', '']);
  });

  it('says it in English under /en/admin', () => {
    const table = csvTable(toCsv(exportTable(ORDERS_EXPORT, [paidAtDesk], english)));
    expect(table[0]?.slice(-4)).toEqual(['Payment method', 'Paid (PLN)', 'Refunded (PLN)', 'Net of refunds (paid − refunded) (PLN)']);
    expect(cellOf(table, table[1], 'Payment method')).toBe('Cash');
    expect(table.at(-1)?.[0]).toBe('Total');
  });

  it('writes the totals into the XLSX as numbers, after the orders', async () => {
    const blob = await toXlsx(exportTable(ORDERS_EXPORT, [paidAtDesk, online], polish));
    const rows = await readSheet(await blob.arrayBuffer());
    expect(rows).toHaveLength(1 + 2 + 1);
    const header = rows[0] ?? [];
    const totals = rows.at(-1);
    expect(totals?.[0]).toBe('Razem');
    expect(totals?.[header.indexOf('Wpłacono (zł)')]).toBe(62.15);
    expect(totals?.[header.indexOf('Per saldo (wpłacono − zwrócono) (zł)')]).toBe(52.15);
    expect(totals?.[header.indexOf('Pasażerowie')]).toBe(3);
  });
});

describe('the VAT register export', () => {
  const at23 = { number: 'FV/2026/1', kind: 'VAT', issue_date: '2026-11-02', sale_date: '2026-11-02', buyer_name: 'Firma A', buyer_tax_id: '5260250274', vat_rate: 23, net: 10000, vat: 2300, gross: 12300, corrects_number: null, ksef_number: null } as const;
  const at8 = { ...at23, number: 'FV/2026/2', vat_rate: 8, net: 2144, vat: 171, gross: 2315 };
  const correction8 = { ...at23, number: 'FV-KOR/2026/1', kind: 'KOR', vat_rate: 8, net: -1882, vat: -151, gross: -2033, corrects_number: 'FV/2026/2' } as const;

  it('lists the rates its documents say, each once, highest first', () => {
    expect(ratesOf([at8, at23, correction8])).toEqual([23, 8]);
    expect(ratesOf([{ vat_rate: 0 }, { vat_rate: 5 }])).toEqual([5, 0]);
    expect(ratesOf([])).toEqual([]);
  });

  it('has a net and a VAT column per rate, each document in its own, and a totals row', () => {
    const rows = [at23, at8, correction8];
    const table = csvTable(toCsv(exportTable(registerExport(rows), rows, polish)));
    expect(table[0]?.slice(-4)).toEqual(['Netto 23% (zł)', 'VAT 23% (zł)', 'Netto 8% (zł)', 'VAT 8% (zł)']);
    expect(table[1]?.slice(-4)).toEqual(['100,00', '23,00', '', '']);
    expect(table[2]?.slice(-4)).toEqual(['', '', '21,44', '1,71']);
    expect(table[3]?.slice(-4)).toEqual(['', '', '-18,82', '-1,51']);
    const totals = table.at(-1);
    expect(totals?.[0]).toBe('Razem');
    expect([cellOf(table, totals, 'Netto'), cellOf(table, totals, 'VAT'), cellOf(table, totals, 'Brutto')]).toEqual(['102,62', '23,20', '125,82']);
    expect(totals?.slice(-4)).toEqual(['100,00', '23,00', '2,62', '0,20']);
  });

  it('names the rates\' columns in English under /en/admin', () => {
    const table = csvTable(toCsv(exportTable(registerExport([at8]), [at8], english)));
    expect(table[0]?.slice(-2)).toEqual(['Net 8% (PLN)', 'VAT 8% (PLN)']);
  });
});

describe('the month\'s sales register export', () => {
  const record = (lp: number, document: string, kind: string, gross: number, fp = false): SalesRecord => ({
    lp,
    document,
    kind,
    fp,
    issue_date: '2026-11-30',
    sale_date: null,
    buyer_tax_id: kind === 'RO' ? '' : '5260250274',
    buyer_name: kind === 'RO' ? '' : 'Firma',
    ksef: kind === 'RO' ? 'DI' : 'OFF',
    rate: 8,
    net: Math.round((gross * 100) / 108),
    vat: gross - Math.round((gross * 100) / 108),
    gross,
  });
  const rows = [record(1, 'FV/2026/7', 'VAT', 3900), record(2, 'FV/2026/8', 'VAT', 1600, true), record(3, 'RO Z/0042', 'RO', 3600)];
  const register = { rows, totals: [{ rate: 8, net: 6945, vat: 555, gross: 7500 }], tax_due: 555 };

  it('marks FP rows and ends with the server\'s totals per rate and the tax due', () => {
    const table = csvTable(toCsv(exportTable(salesRegisterExport(register), rows, polish)));
    expect(table[0]?.slice(0, 4)).toEqual(['Lp.', 'Dokument', 'Rodzaj', 'FP']);
    expect(table[2]?.[3]).toBe('FP (poza sumą)');
    expect(table[1]?.[3]).toBe('');
    expect(table.at(-2)).toEqual(['', 'Razem 8%', '', '', '', '', '', '', '', '8', '69,45', '5,55', '75,00']);
    expect(table.at(-1)).toEqual(['', 'Podatek należny', '', '', '', '', '', '', '', '', '', '5,55', '']);
  });

  it('writes the totals rows into the XLSX, their label as text', async () => {
    const blob = await toXlsx(exportTable(salesRegisterExport(register), rows, polish));
    const sheet = await readSheet(await blob.arrayBuffer());
    expect(sheet).toHaveLength(1 + 3 + 2);
    expect(sheet.at(-2)?.slice(1, 2)).toEqual(['Razem 8%']);
    expect(sheet.at(-2)?.slice(-3)).toEqual([69.45, 5.55, 75]);
    expect(sheet.at(-1)?.[1]).toBe('Podatek należny');
    expect(sheet.at(-1)?.[11]).toBe(5.55);
  });
});

describe('XLSX columns', () => {
  it('are at least as wide as their headers', async () => {
    const { unzipSync, strFromU8 } = await import('fflate');
    const table = exportTable(ORDERS_EXPORT, [order], polish);
    const blob = await toXlsx(table);
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    const widths = [...sheet.matchAll(/<col [^>]*width="([\d.]+)"/g)].map((match) => Number(match[1]));
    expect(widths).toHaveLength(table.headers.length);
    table.headers.forEach((header, i) => expect(widths[i], header).toBeGreaterThanOrEqual(header.length));
    // The long header of what is left after refunds is wider than a money column's own width.
    expect(columnWidth('money', 'Per saldo (wpłacono − zwrócono) (zł)')).toBeGreaterThan(columnWidth('money', 'Do zapłaty (zł)'));
  });
});
