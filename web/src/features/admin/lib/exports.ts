// The one home of the panel's exports: which columns each list exports (orders, invoices, coupons,
// the VAT register, the month's sales register), how a value is written, and the CSV an office spreadsheet
// opens by double click. A bookkeeper reconciles them: the orders say how each was paid, what was paid,
// what went back and what is left; the VAT register has a net and a VAT column per rate; each ends with
// its totals row (the sales register with the server's totals per rate and the tax due).
//
// A column says what its values are (`text`, `money` in grosze, `time` as an API instant, `date` as a
// `YYYY-MM-DD` day, `count`); [`exportTable`] turns a list into headers and typed cells in the panel's
// language (statuses in words, yes/no), and the two writers only format those cells:
// - [`toCsv`] (here): UTF-8 with a BOM, `;` between cells, CRLF, amounts `23,15`, times in Warsaw
//   `2026-11-27 14:05`, quoted where a cell needs it, and a text starting with `=`, `+`, `-`, `@`, a tab
//   or a CR prefixed with `'` so a spreadsheet never runs it as a formula (OWASP's CSV injection advice);
// - `toXlsx` (`xlsx.ts`, loaded only on a click): amounts as numbers with a złoty format, times and days
//   as real dates.
import type { IntlShape, MessageDescriptor } from 'react-intl';

import type { ApiSchema } from '@/shared/api/schema';
import { formatApiDateTime } from '@/shared/lib/warsaw-time';

import type { SalesRecord, SalesRegister } from '../api/finance';
import type { InvoiceRow, Register } from '../api/invoices';
import type { OrderListItem } from '../api/orders';
import { common } from '../messages/common-messages';
import { deskTexts } from '../messages/desk-messages';
import { exportTexts, exportValues } from '../messages/export-messages';
import { fileNames } from '../messages/file-name-messages';
import { invoiceTexts } from '../messages/invoice-messages';
import { KSEF_STATES } from '../messages/ksef-messages';
import { ORDER_STATUSES, PAYMENT_METHODS } from '../messages/order-messages';

import type { Option } from './area';

/** What a column's values are; decides how CSV and XLSX write them. */
export type CellKind = 'text' | 'money' | 'time' | 'date' | 'count';

/** A cell: text, grosze (`money`), an instant (`time`), a day (`date`), a number (`count`); null is empty. */
export type CellValue = string | number | null | undefined;

/** One exported column. */
export interface ExportColumn<Row> {
  header: MessageDescriptor;
  /** The header's values (a rate's columns: `Netto {rate}%`). */
  headerValues?: Record<string, string | number>;
  kind: CellKind;
  value: (row: Row, intl: IntlShape) => CellValue;
}

/** What one list exports: its columns, the file's name (without extension, in the panel's language) and
 * the sheet's name. */
export interface ExportSpec<Row> {
  file: MessageDescriptor;
  sheet: MessageDescriptor;
  columns: ExportColumn<Row>[];
  /** The rows after the records (their totals), a cell per column, written as the column's kind. */
  totals?: (cells: CellValue[][], intl: IntlShape) => CellValue[][];
}

/** A list ready to write: headers and cells in the panel's language, a kind per column, and its totals. */
export interface ExportTable {
  sheet: string;
  headers: string[];
  kinds: CellKind[];
  rows: CellValue[][];
  /** After the rows (a spreadsheet shows them in bold). */
  totals?: CellValue[][];
}

/** `rows` under `spec`'s columns, in `intl`'s language. */
export function exportTable<Row>(spec: ExportSpec<Row>, rows: Row[], intl: IntlShape): ExportTable {
  const cells = rows.map((row) => spec.columns.map((column) => column.value(row, intl)));
  return {
    sheet: intl.formatMessage(spec.sheet),
    headers: spec.columns.map((column) => intl.formatMessage(column.header, column.headerValues)),
    kinds: spec.columns.map((column) => column.kind),
    rows: cells,
    ...(spec.totals ? { totals: spec.totals(cells, intl) } : {}),
  };
}

/**
 * One totals row: "Razem" in the first column, the sum of each money and count column (`sum` of them:
 * all by default), nothing in the others.
 */
export function sumRow(kinds: CellKind[], cells: CellValue[][], label: string, sum: (index: number) => boolean = () => true): CellValue[] {
  return kinds.map((kind, index) => {
    if (index === 0) return label;
    if ((kind !== 'money' && kind !== 'count') || !sum(index)) return null;
    return cells.reduce<number>((total, row) => total + (typeof row[index] === 'number' ? row[index] : 0), 0);
  });
}

/** A spec's totals: one row summing its money and count columns, "Razem" in the first (a text column). */
function totalsOf<Row>(columns: () => ExportColumn<Row>[]): ExportSpec<Row>['totals'] {
  return (cells, intl) => [sumRow(columns().map((column) => column.kind), cells, intl.formatMessage(exportTexts.totals))];
}

/** An option's label in words (a value the panel does not know as the API says it). */
function labelOf(options: Option[], value: string, intl: IntlShape): string {
  const known = options.find((option) => option.value === value)?.label;
  if (known === undefined) return value;
  return typeof known === 'string' ? known : intl.formatMessage(known);
}

const yesNo = (value: boolean, intl: IntlShape) => intl.formatMessage(value ? common.yes : common.no);

const COUPON_ORIGINS: Option[] = [
  { value: 'admin', label: exportTexts.originAdmin },
  { value: 'stamp_reward', label: exportTexts.originStamp },
];

const INVOICE_KINDS: Option[] = [
  { value: 'VAT', label: invoiceTexts.kindVat },
  { value: 'KOR', label: invoiceTexts.kindKor },
];

const t = exportTexts;

/** How an order was paid, in words (the API's `online`, `coupon`, `cash`, `card_terminal`). */
const PAYMENT_WORDS: Option[] = [...PAYMENT_METHODS, { value: 'coupon', label: deskTexts.providerNone }];

/**
 * An order of the list, which says how it was paid, what was paid, and what was given back (a gateway's
 * refund sent, a desk's paid out: the server sums it as lib/refunds.ts does).
 */
export type OrderExportRow = OrderListItem;

/** What was paid: the payment's amount, else what a paid order was to pay. */
const paidOf = (o: OrderExportRow) => o.paid_amount ?? (o.paid_at ? o.to_pay : null);

const ORDER_COLUMNS: ExportColumn<OrderExportRow>[] = [
  { header: t.number, kind: 'text', value: (o) => o.number ?? o.hash_id },
  { header: t.status, kind: 'text', value: (o, intl) => labelOf(ORDER_STATUSES, o.status, intl) },
  { header: t.placedAt, kind: 'time', value: (o) => o.placed_at },
  { header: t.paidAt, kind: 'time', value: (o) => o.paid_at },
  { header: t.firstName, kind: 'text', value: (o) => o.first_name },
  { header: t.lastName, kind: 'text', value: (o) => o.last_name },
  { header: t.email, kind: 'text', value: (o) => o.email },
  { header: t.phone, kind: 'text', value: (o) => o.phone },
  { header: t.route, kind: 'text', value: (o) => o.route_name },
  { header: t.from, kind: 'text', value: (o) => o.from_name },
  { header: t.to, kind: 'text', value: (o) => o.to_name },
  { header: t.departureAt, kind: 'time', value: (o) => o.departure_at },
  { header: t.returnDepartureAt, kind: 'time', value: (o) => o.return_departure_at },
  { header: t.passengers, kind: 'count', value: (o) => o.passengers },
  { header: t.total, kind: 'money', value: (o) => o.total },
  { header: t.coupon, kind: 'text', value: (o) => o.coupon_code },
  { header: t.couponAmount, kind: 'money', value: (o) => o.coupon_amount },
  { header: t.toPay, kind: 'money', value: (o) => o.to_pay },
  { header: t.invoice, kind: 'text', value: (o) => o.invoice_number },
  { header: t.paymentMethod, kind: 'text', value: (o, intl) => (o.payment_method ? labelOf(PAYMENT_WORDS, o.payment_method, intl) : null) },
  { header: t.paid, kind: 'money', value: paidOf },
  { header: t.refunded, kind: 'money', value: (o) => (paidOf(o) === null && !o.refunded ? null : o.refunded) },
  { header: t.net, kind: 'money', value: (o) => { const paid = paidOf(o); return paid === null ? null : paid - (o.refunded ?? 0); } },
];

/** The order list, with how each was paid, what was paid and given back, and the totals. */
export const ORDERS_EXPORT: ExportSpec<OrderExportRow> = {
  file: fileNames.orders,
  sheet: t.orders,
  columns: ORDER_COLUMNS,
  totals: totalsOf(() => ORDER_COLUMNS),
};

/** The invoice list. */
export const INVOICES_EXPORT: ExportSpec<InvoiceRow> = {
  file: fileNames.invoices,
  sheet: t.invoices,
  columns: [
    { header: invoiceTexts.number, kind: 'text', value: (i) => i.number },
    { header: invoiceTexts.kind, kind: 'text', value: (i, intl) => labelOf(INVOICE_KINDS, i.kind, intl) },
    { header: t.issuedAt, kind: 'time', value: (i) => i.issued_at },
    { header: invoiceTexts.saleDate, kind: 'date', value: (i) => i.sale_date },
    { header: invoiceTexts.buyer, kind: 'text', value: (i) => i.buyer_name },
    { header: invoiceTexts.taxId, kind: 'text', value: (i) => i.buyer_tax_id },
    { header: invoiceTexts.net, kind: 'money', value: (i) => i.net },
    { header: invoiceTexts.vat, kind: 'money', value: (i) => i.vat },
    { header: invoiceTexts.gross, kind: 'money', value: (i) => i.gross },
    { header: invoiceTexts.corrects, kind: 'text', value: (i) => i.corrects_number },
    { header: t.order, kind: 'text', value: (i) => i.order_number },
    { header: t.reason, kind: 'text', value: (i) => i.reason },
    { header: t.ksefState, kind: 'text', value: (i, intl) => labelOf(KSEF_STATES, i.ksef?.state ?? 'none', intl) },
    { header: t.ksefNumber, kind: 'text', value: (i) => i.ksef?.ksef_number },
  ],
};

/** The coupon list. */
export const COUPONS_EXPORT: ExportSpec<ApiSchema<'CouponView'>> = {
  file: fileNames.coupons,
  sheet: t.coupons,
  columns: [
    { header: t.code, kind: 'text', value: (c) => c.code },
    { header: t.initialValue, kind: 'money', value: (c) => c.initial_value },
    { header: t.currentValue, kind: 'money', value: (c) => c.current_value },
    { header: t.usages, kind: 'count', value: (c) => c.usages },
    { header: t.used, kind: 'text', value: (c, intl) => yesNo(c.used, intl) },
    { header: t.expired, kind: 'text', value: (c, intl) => yesNo(c.expired, intl) },
    { header: t.expiresAt, kind: 'time', value: (c) => c.expires_at },
    { header: t.origin, kind: 'text', value: (c, intl) => labelOf(COUPON_ORIGINS, c.origin, intl) },
    { header: t.issuedAt, kind: 'time', value: (c) => c.issued_at },
  ],
};

type RegisterRow = Register['rows'][number];

/** The rates a register's documents are at, highest first (each row says its own). */
export function ratesOf(rows: readonly Pick<RegisterRow, 'vat_rate'>[]): number[] {
  return [...new Set(rows.map((row) => row.vat_rate))].sort((a, b) => b - a);
}

const REGISTER_COLUMNS: ExportColumn<RegisterRow>[] = [
  { header: invoiceTexts.number, kind: 'text', value: (r) => r.number },
  { header: invoiceTexts.kind, kind: 'text', value: (r, intl) => labelOf(INVOICE_KINDS, r.kind, intl) },
  { header: invoiceTexts.issueDate, kind: 'date', value: (r) => r.issue_date },
  { header: invoiceTexts.saleDate, kind: 'date', value: (r) => r.sale_date },
  { header: invoiceTexts.buyer, kind: 'text', value: (r) => r.buyer_name },
  { header: invoiceTexts.taxId, kind: 'text', value: (r) => r.buyer_tax_id },
  { header: invoiceTexts.net, kind: 'money', value: (r) => r.net },
  { header: invoiceTexts.vat, kind: 'money', value: (r) => r.vat },
  { header: invoiceTexts.gross, kind: 'money', value: (r) => r.gross },
  { header: invoiceTexts.corrects, kind: 'text', value: (r) => r.corrects_number },
  { header: t.ksefNumber, kind: 'text', value: (r) => r.ksef_number },
];

/** The net and VAT columns of one rate: a document's amounts in its own rate's columns, nothing in the others. */
function rateColumns(rate: number): ExportColumn<RegisterRow>[] {
  return [
    { header: exportValues.netAt, headerValues: { rate }, kind: 'money', value: (r) => (r.vat_rate === rate ? r.net : null) },
    { header: exportValues.vatAt, headerValues: { rate }, kind: 'money', value: (r) => (r.vat_rate === rate ? r.vat : null) },
  ];
}

/**
 * The VAT register of a period (its rows as the register's JSON gives them): a net and a VAT column per
 * rate its documents are at (highest first), and a totals row.
 */
export function registerExport(rows: readonly RegisterRow[]): ExportSpec<RegisterRow> {
  const columns = [...REGISTER_COLUMNS, ...ratesOf(rows).flatMap(rateColumns)];
  return { file: fileNames.register, sheet: t.register, columns, totals: totalsOf(() => columns) };
}

/** The register's columns when no rows are known yet (its headers). */
export const REGISTER_EXPORT: ExportSpec<RegisterRow> = registerExport([]);

/**
 * The month's sales register (docs/finance.md): every invoice, correction and day document, `FP` marked
 * (listed, not summed), then the server's totals per rate (FP left out) and the tax due.
 */
export function salesRegisterExport(register: Pick<SalesRegister, 'totals' | 'tax_due'>): ExportSpec<SalesRecord> {
  const columns: ExportColumn<SalesRecord>[] = [
    { header: t.lp, kind: 'count', value: (r) => r.lp },
    { header: t.document, kind: 'text', value: (r) => r.document },
    { header: invoiceTexts.kind, kind: 'text', value: (r) => r.kind },
    { header: t.fp, kind: 'text', value: (r, intl) => (r.fp ? intl.formatMessage(exportTexts.fpMark) : null) },
    { header: invoiceTexts.issueDate, kind: 'date', value: (r) => r.issue_date },
    { header: invoiceTexts.saleDate, kind: 'date', value: (r) => r.sale_date },
    { header: invoiceTexts.taxId, kind: 'text', value: (r) => r.buyer_tax_id },
    { header: invoiceTexts.buyer, kind: 'text', value: (r) => r.buyer_name },
    { header: t.ksef, kind: 'text', value: (r) => r.ksef },
    { header: t.rate, kind: 'count', value: (r) => r.rate },
    { header: invoiceTexts.net, kind: 'money', value: (r) => r.net },
    { header: invoiceTexts.vat, kind: 'money', value: (r) => r.vat },
    { header: invoiceTexts.gross, kind: 'money', value: (r) => r.gross },
  ];
  const blank = (): CellValue[] => columns.map(() => null);
  return {
    file: fileNames.salesRegister,
    sheet: t.salesRegister,
    columns,
    totals: (_cells, intl) => [
      ...register.totals.map((total) => {
        const row = blank();
        [row[1], row[9], row[10], row[11], row[12]] = [intl.formatMessage(exportValues.totalAt, { rate: total.rate }), total.rate, total.net, total.vat, total.gross];
        return row;
      }),
      (() => {
        const row = blank();
        [row[1], row[11]] = [intl.formatMessage(exportTexts.taxDue), register.tax_due];
        return row;
      })(),
    ],
  };
}

/** Grosze as złoty with a decimal comma: `2315` → `23,15`, `-5` → `-0,05`. */
export function zloty(grosz: number): string {
  const abs = Math.abs(grosz);
  return `${grosz < 0 ? '-' : ''}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** An API instant as Warsaw local time to the minute: `2026-11-27 14:05`. */
export function warsawTime(instant: string): string {
  return formatApiDateTime(new Date(instant)).slice(0, 16);
}

/** A text a spreadsheet would run as a formula, made plain text (`'=1+1`). */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One cell as CSV text: quoted when it holds a `;`, a quote or a line break (RFC 4180). */
function csvCell(kind: CellKind, value: CellValue): string {
  if (value === null || value === undefined || value === '') return '';
  let text: string;
  if (kind === 'money' && typeof value === 'number') text = zloty(value);
  else if (kind === 'time' && typeof value === 'string') text = warsawTime(value);
  else if (kind === 'text') text = neutralise(String(value));
  else text = String(value);
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The byte order mark Excel needs to read a CSV as UTF-8. */
export const BOM = '\uFEFF';

/** `table` as the CSV a Polish Excel or LibreOffice opens by double click. */
export function toCsv(table: ExportTable): string {
  const header = table.headers.map((text) => csvCell('text', text)).join(';');
  const rows = [...table.rows, ...(table.totals ?? [])].map((row) => row.map((value, i) => csvCell(table.kinds[i] ?? 'text', value)).join(';'));
  return `${BOM}${[header, ...rows].join('\r\n')}\r\n`;
}
