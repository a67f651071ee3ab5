// The finance month (docs/finance.md, admin only): the month's JPK_V7M(3) as its summary (`format=json`) or
// a stand-in file, and the sales register of every sale (JSON or CSV), made from the mock's orders: each
// invoice and correction issued in the month is a row (`FP` when issued after the sale was in a day's
// document: the mock marks none), and the sales without an invoice are one row per Warsaw day and channel
// (`RO` at the desk, `WEW` online) at the company's rate. Refusals as the server gives them (`jpk.*`).
import { http, HttpResponse } from 'msw';

import { warsawDate } from '@/shared/lib/warsaw-time';

import { apiUrl } from '../api-url';
import { readDb } from '../data/booking-db';
import type { Db } from '../data/booking-types';
import { documents, invoiceRow } from '../data/order-admin';
import { tillOf } from '../data/till';

import { isAdmin } from './admin';
import { validationError } from './errors';

const MONTH = /^\d{4}-\d{2}$/;
const RATE = 8;

/** The month asked for, or its refusal (`jpk.month_before_schema`, `jpk.month_in_future`). */
function monthOf(value: string | null): { month: string } | { refusal: Response } {
  const month = value ?? '';
  if (!MONTH.test(month)) return { refusal: validationError([{ field: 'month', message: 'the month is YYYY-MM', code: 'field.invalid' }]) };
  if (month < '2026-02') return { refusal: validationError([{ field: 'month', message: 'JPK_V7M(3) covers months from February 2026', code: 'jpk.month_before_schema' }]) };
  if (month > warsawDate().slice(0, 7)) return { refusal: validationError([{ field: 'month', message: 'the month has not begun yet', code: 'jpk.month_in_future' }]) };
  return { month };
}

/** A tax office's code as the schema lists them: four digits (the mock knows every one but 0000 and 9999). */
function taxOfficeRefusal(code: string | null): Response | null {
  const office = code ?? '';
  if (office === '') return validationError([{ field: 'tax_office', message: "the tax office's code is required", code: 'field.blank' }]);
  if (!/^\d{4}$/.test(office) || office === '0000' || office === '9999') {
    return validationError([{ field: 'tax_office', message: 'there is no tax office with this code', code: 'jpk.tax_office_unknown' }]);
  }
  return null;
}

const netOf = (gross: number) => Math.round((gross * 100) / (100 + RATE));

/** The register's rows of `month`, numbered. */
function registerRows(db: Db, month: string) {
  const rows: ReturnType<typeof row>[] = [];
  function row(lp: number, document: string, kind: string, issueDate: string, saleDate: string | null, buyerTaxId: string, buyerName: string, ksef: string, gross: number, fp = false) {
    const net = netOf(gross);
    return { lp, document, kind, fp, issue_date: issueDate, sale_date: saleDate, buyer_tax_id: buyerTaxId, buyer_name: buyerName, ksef, rate: RATE, net, vat: gross - net, gross };
  }
  for (const doc of documents(db)) {
    const issued = warsawDate(new Date(doc.issued_at));
    if (issued.slice(0, 7) !== month) continue;
    const listed = invoiceRow(doc);
    const ksef = listed.ksef?.ksef_number ?? (listed.ksef ? 'OFF' : 'BFK');
    rows.push(row(0, doc.number, doc.kind, issued, listed.sale_date, listed.buyer_tax_id || 'BRAK', listed.buyer_name || 'BRAK', ksef, doc.gross));
  }
  // The sales without an invoice: one document a day and channel.
  const days = new Map<string, number>();
  for (const order of db.orders) {
    if (!order.paid_at || order.invoice || order.to_pay === 0) continue;
    const day = warsawDate(new Date(order.paid_at));
    if (day.slice(0, 7) !== month) continue;
    const desk = db.admin?.[order.id]?.payment_method;
    const channel = desk === 'cash' || desk === 'card_terminal' ? 'RO' : 'WEW';
    days.set(`${day}|${channel}`, (days.get(`${day}|${channel}`) ?? 0) + order.to_pay);
  }
  for (const [key, gross] of [...days.entries()].sort()) {
    const [day = '', channel = ''] = key.split('|');
    const zReport = channel === 'RO' ? tillOf(db).closings[day]?.z_report : undefined;
    const name = channel === 'RO' ? `RO ${zReport ?? day}` : `WEW ${day}`;
    rows.push(row(0, name, channel, day, day, 'BRAK', 'BRAK', 'DI', gross));
  }
  return rows.map((r, i) => ({ ...r, lp: i + 1 }));
}

function totalsOf(rows: ReturnType<typeof registerRows>) {
  const byRate = new Map<number, { rate: number; net: number; vat: number; gross: number }>();
  for (const r of rows) {
    if (r.fp) continue;
    const sums = byRate.get(r.rate) ?? { rate: r.rate, net: 0, vat: 0, gross: 0 };
    sums.net += r.net;
    sums.vat += r.vat;
    sums.gross += r.gross;
    byRate.set(r.rate, sums);
  }
  return [...byRate.values()].sort((a, b) => b.rate - a.rate);
}

export const financeHandlers = [
  http.get(apiUrl('/finance/jpk'), ({ request }) => {
    if (!isAdmin(request)) return undefined;
    const query = new URL(request.url).searchParams;
    const asked = monthOf(query.get('month'));
    if ('refusal' in asked) return asked.refusal;
    const refusal = taxOfficeRefusal(query.get('tax_office'));
    if (refusal) return refusal;
    const rows = registerRows(readDb(), asked.month);
    const byRate = totalsOf(rows);
    const taxDue = byRate.reduce((sum, rate) => sum + rate.vat, 0);
    const whole = (grosz: number) => Math.round(grosz / 100);
    if (query.get('format') === 'json') {
      return HttpResponse.json({
        data: {
          rows: rows.length,
          invoices: rows.filter((r) => r.kind === 'VAT').length,
          corrections: rows.filter((r) => r.kind === 'KOR').length,
          fp: rows.filter((r) => r.fp).length,
          day_documents: rows.filter((r) => r.kind === 'RO' || r.kind === 'WEW').length,
          tax_due: taxDue,
          by_rate: byRate,
          p37: whole(byRate.reduce((sum, rate) => sum + rate.net, 0)),
          p38: whole(taxDue),
          p51: whole(taxDue),
          not_in_ksef: rows.filter((r) => r.ksef === 'OFF').map((r) => r.document),
        },
      });
    }
    const [year, month] = asked.month.split('-');
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<JPK xmlns="http://crd.gov.pl/wzor/2025/12/19/14090/"><Naglowek><KodUrzedu>${query.get('tax_office') ?? ''}</KodUrzedu><Rok>${year ?? ''}</Rok><Miesiac>${Number(month)}</Miesiac></Naglowek>${rows.map((r) => `<SprzedazWiersz><DowodSprzedazy>${r.document}</DowodSprzedazy></SprzedazWiersz>`).join('')}</JPK>\n`;
    return new HttpResponse(xml, { headers: { 'Content-Type': 'application/xml', 'Content-Disposition': `attachment; filename="JPK_V7M_${asked.month}.xml"` } });
  }),
  http.get(apiUrl('/finance/sales-register'), ({ request }) => {
    if (!isAdmin(request)) return undefined;
    const query = new URL(request.url).searchParams;
    const asked = monthOf(query.get('month'));
    if ('refusal' in asked) return asked.refusal;
    const rows = registerRows(readDb(), asked.month);
    const totals = totalsOf(rows);
    const taxDue = totals.reduce((sum, rate) => sum + rate.vat, 0);
    if (query.get('format') === 'csv') {
      const zloty = (grosz: number) => (grosz / 100).toFixed(2).replace('.', ',');
      const lines = [
        'Lp;Dokument;Rodzaj;FP;Data wystawienia;Data sprzedaży;NIP nabywcy;Nabywca;KSeF;Stawka;Netto;VAT;Brutto',
        ...rows.map((r) => [r.lp, r.document, r.kind, r.fp ? 'FP' : '', r.issue_date, r.sale_date ?? '', r.buyer_tax_id, r.buyer_name, r.ksef, `${r.rate}%`, zloty(r.net), zloty(r.vat), zloty(r.gross)].join(';')),
        ...totals.map((t) => ['', `Razem ${t.rate}%`, '', '', '', '', '', '', '', `${t.rate}%`, zloty(t.net), zloty(t.vat), zloty(t.gross)].join(';')),
      ];
      return new HttpResponse(`\uFEFF${lines.join('\r\n')}\r\n`, {
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="rejestr-sprzedazy-${asked.month}.csv"` },
      });
    }
    return HttpResponse.json({ data: { rows, totals, tax_due: taxDue } });
  }),
];
