import type { ApiSchema } from '@/shared/api/schema';

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
