// The backend's 422 answers name fields its own way: `email`, `customer.email`, `customer[email]`,
// `tickets.0.qty`, `tickets[0][qty]`, `code`… The form keys its fields as `customer.email`,
// `invoice.vat_number`, `tickets`, `tickets.0.qty`, `coupon` and `course`; everything else is shown
// in the error summary only.
import type { FieldError } from '@/shared/api/api-error';

const CUSTOMER = ['first_name', 'last_name', 'email', 'phone', 'consent_statute', 'consent_gdpr', 'notify_by_sms'];
const INVOICE = ['is_selected', 'country', 'vat_number', 'company_name', 'address', 'postal_code', 'city'];

/** The form's key for a field the backend named; `general` when it is no field of the form. */
export function formFieldOf(serverField: string): string {
  // customer[email] / tickets[0][qty] -> customer.email / tickets.0.qty
  const parts = serverField
    .replace(/\[(\w*)]/g, '.$1')
    .split('.')
    .filter(Boolean);
  const [head = '', ...rest] = parts;
  if (head === 'tickets') {
    const [index, sub] = rest;
    return index !== undefined && /^\d+$/.test(index) && sub ? `tickets.${index}.${sub}` : 'tickets';
  }
  if (head === 'customer' && rest[0] && CUSTOMER.includes(rest[0])) return `customer.${rest[0]}`;
  if (head === 'invoice' && rest[0] && INVOICE.includes(rest[0])) return `invoice.${rest[0]}`;
  if (CUSTOMER.includes(head) && rest.length === 0) return `customer.${head}`;
  if (INVOICE.includes(head) && rest.length === 0) return `invoice.${head}`;
  if (head === 'coupon' || head === 'code') return 'coupon';
  if (head === 'course' || head === 'courseReturn') return 'course';
  return 'general';
}

/** The backend's field errors keyed by form field (the first error per field wins). */
export function serverFieldErrors(errors: readonly FieldError[]): Record<string, FieldError> {
  const byField: Record<string, FieldError> = {};
  for (const error of errors) {
    const key = formFieldOf(error.field);
    byField[key] ??= error;
  }
  return byField;
}
