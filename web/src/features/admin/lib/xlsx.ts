// An export table (exports.ts) as an Excel workbook, written by `write-excel-file`: a small,
// maintained, typed writer (its only dependency is the fflate zip) that writes real number and date
// cells with a display format, which is all an export needs (exceljs reads and styles too, at ten
// times the size). This module is imported only on a click of an XLSX button, so neither it nor the
// library is in any chunk a page loads.
import writeXlsxFile, { type Cell, type SheetData } from 'write-excel-file/universal';

import { formatApiDateTime } from '@/shared/lib/warsaw-time';

// Types only: the rules' module stays in the admin chunk, this one in its own.
import type { CellKind, CellValue, ExportTable } from './exports';

/** Złoty with two decimals and the currency, as a Polish spreadsheet shows money. */
export const ZLOTY_FORMAT = '#,##0.00 "zł"';
export const TIME_FORMAT = 'yyyy-mm-dd hh:mm';
export const DATE_FORMAT = 'yyyy-mm-dd';

/**
 * A date cell shows its UTC fields (a spreadsheet has no time zones), so an instant becomes the Date
 * whose UTC fields are its Warsaw wall-clock time: 13:05Z in November is 14:05 in the sheet.
 */
export function sheetTime(instant: string): Date {
  // As `warsawTime` (exports.ts) writes it in a CSV, to the minute.
  return new Date(`${formatApiDateTime(new Date(instant)).slice(0, 16).replace(' ', 'T')}:00Z`);
}

function cell(kind: CellKind, value: CellValue): Cell {
  if (value === null || value === undefined || value === '') return null;
  // A text in a number's column (a totals row's label) stays text.
  if (typeof value === 'string' && (kind === 'money' || kind === 'count') && !Number.isFinite(Number(value))) return { type: String, value };
  switch (kind) {
    case 'money':
      return { type: Number, value: Number(value) / 100, format: ZLOTY_FORMAT };
    case 'count':
      return { type: Number, value: Number(value) };
    case 'time':
      return { type: Date, value: sheetTime(String(value)), format: TIME_FORMAT };
    case 'date':
      return { type: Date, value: new Date(`${String(value)}T00:00:00Z`), format: DATE_FORMAT };
    default:
      // A string cell is never a formula in XLSX: no neutralising needed.
      return { type: String, value: String(value) };
  }
}

/** What a column's values need, in characters. */
const WIDTHS: Record<CellKind, number> = { text: 20, money: 14, time: 17, date: 12, count: 10 };

/** A column at least as wide as its values need and as its header (a bold header takes a little more). */
export function columnWidth(kind: CellKind, header: string): number {
  return Math.max(WIDTHS[kind], Math.ceil(header.length * 1.1) + 2);
}

/** `table` as an .xlsx file: a bold header row kept in view, one row per record, then its totals in bold. */
export function toXlsx(table: ExportTable): Promise<Blob> {
  const header: Cell[] = table.headers.map((text) => ({ type: String, value: text, fontWeight: 'bold' }));
  const row = (values: CellValue[]) => values.map((value, i) => cell(table.kinds[i] ?? 'text', value));
  const bold = (cells: Cell[]): Cell[] => cells.map((one) => (one ? { ...one, fontWeight: 'bold' } : one));
  const data: SheetData = [header, ...table.rows.map(row), ...(table.totals ?? []).map((values) => bold(row(values)))];
  return writeXlsxFile(data, {
    sheet: table.sheet.slice(0, 31),
    stickyRowsCount: 1,
    columns: table.kinds.map((kind, i) => ({ width: columnWidth(kind, table.headers[i] ?? '') })),
  }).toBlob();
}
