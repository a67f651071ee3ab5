// The home page's tables as CSV files, written by the panel's one export home (`exports.ts`): a BOM,
// semicolons, amounts in złoty with a decimal comma, headers in the panel's language. Built in the
// browser from the numbers on the page, so the file is what the page shows.
import type { RouteSales, SalesDay } from '../api/admin-home';

import { toCsv, type CellKind, type CellValue } from './exports';

export { zloty } from './exports';

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

const KINDS: CellKind[] = ['text', 'count', 'count', 'money', 'count', 'money'];

function salesCsv(headers: SalesHeaders, rows: CellValue[][]): string {
  const { first, orders, tickets, revenue, returns, refunded } = headers;
  return toCsv({ sheet: first, headers: [first, orders, tickets, revenue, returns, refunded], kinds: KINDS, rows });
}

const sums = (s: SalesDay | RouteSales): CellValue[] => [s.orders, s.tickets, s.revenue, s.returns, s.refunded];

/** The sales per day: the day (`YYYY-MM-DD`, as spreadsheets read dates) and its sums. */
export function daysCsv(headers: SalesHeaders, days: SalesDay[]): string {
  return salesCsv(headers, days.map((d) => [d.day, ...sums(d)]));
}

/** The sales per route over the period. */
export function routesCsv(headers: SalesHeaders, routes: RouteSales[]): string {
  return salesCsv(headers, routes.map((r) => [r.route_name, ...sums(r)]));
}
