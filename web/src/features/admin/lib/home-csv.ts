// The home page's tables as CSV files a Polish spreadsheet opens by double click (DECISIONS.md "The
// office"): UTF-8 with a BOM, semicolons, amounts in złoty with a decimal comma, headers in the panel's
// language. Built in the browser from the numbers on the page, so the file is what the page shows.
import type { RouteSales, SalesDay } from '../api/admin-home';

import { csvCell } from './csv';

/** Grosz as złoty with a decimal comma and no currency sign: 2315 -> "23,15", -50 -> "-0,50". */
export function zloty(grosz: number): string {
  const sign = grosz < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(grosz));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** Rows as a spreadsheet CSV: a BOM, `;` between cells, CRLF between lines. */
export function spreadsheetCsv(header: string[], rows: (string | number)[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

/** A `data:` link of a CSV file (small tables: a few dozen lines). */
export function csvHref(csv: string): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`;
}

export interface SalesHeaders {
  first: string;
  orders: string;
  tickets: string;
  revenue: string;
  returns: string;
  refunded: string;
}

const sums = (s: SalesDay | RouteSales) => [s.orders, s.tickets, zloty(s.revenue), s.returns, zloty(s.refunded)];

/** The sales per day: the day (`YYYY-MM-DD`, as spreadsheets read dates) and its sums. */
export function daysCsv(headers: SalesHeaders, days: SalesDay[]): string {
  const { first, orders, tickets, revenue, returns, refunded } = headers;
  return spreadsheetCsv([first, orders, tickets, revenue, returns, refunded], days.map((d) => [d.day, ...sums(d)]));
}

/** The sales per route over the period. */
export function routesCsv(headers: SalesHeaders, routes: RouteSales[]): string {
  const { first, orders, tickets, revenue, returns, refunded } = headers;
  return spreadsheetCsv([first, orders, tickets, revenue, returns, refunded], routes.map((r) => [r.route_name, ...sums(r)]));
}
