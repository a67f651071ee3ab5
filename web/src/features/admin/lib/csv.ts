import type { ApiSchema } from '@/shared/api/schema';

import type { InvoiceRow } from '../api/invoices';
import type { OrderListItem } from '../api/orders';

/** One CSV cell: quoted when it holds a separator, a quote or a line break (RFC 4180). */
export function csvCell(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",;\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: (string | number | boolean | null | undefined)[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The coupon list as CSV, amounts in grosz as the API gives them. */
export function couponsCsv(coupons: ApiSchema<'CouponView'>[]): string {
  return toCsv(
    ['code', 'initial_value', 'current_value', 'usages', 'used', 'expired', 'expires_at', 'origin', 'issued_at'],
    coupons.map((c) => [c.code, c.initial_value, c.current_value, c.usages, c.used, c.expired, c.expires_at ?? '', c.origin, c.issued_at]),
  );
}

/** The order list as CSV, amounts in grosz as the API gives them. */
export function ordersCsv(orders: OrderListItem[]): string {
  return toCsv(
    ['number', 'hash_id', 'status', 'placed_at', 'paid_at', 'first_name', 'last_name', 'email', 'phone', 'route_name', 'from_name', 'to_name', 'departure_at', 'return_departure_at', 'passengers', 'total', 'coupon_code', 'coupon_amount', 'to_pay', 'invoice_number'],
    orders.map((o) => [
      o.number ?? '',
      o.hash_id,
      o.status,
      o.placed_at,
      o.paid_at ?? '',
      o.first_name,
      o.last_name,
      o.email,
      o.phone,
      o.route_name,
      o.from_name,
      o.to_name,
      o.departure_at,
      o.return_departure_at ?? '',
      o.passengers,
      o.total,
      o.coupon_code ?? '',
      o.coupon_amount,
      o.to_pay,
      o.invoice_number ?? '',
    ]),
  );
}

/** The invoice list as CSV, amounts in grosz. */
export function invoicesCsv(invoices: InvoiceRow[]): string {
  return toCsv(
    ['number', 'kind', 'issued_at', 'sale_date', 'buyer_name', 'buyer_tax_id', 'net', 'vat', 'gross', 'corrects_number', 'order_number', 'reason', 'ksef_state', 'ksef_number'],
    invoices.map((i) => [
      i.number, i.kind, i.issued_at, i.sale_date, i.buyer_name, i.buyer_tax_id, i.net, i.vat, i.gross, i.corrects_number ?? '', i.order_number ?? '', i.reason ?? '',
      i.ksef?.state ?? 'none', i.ksef?.ksef_number ?? '',
    ]),
  );
}
