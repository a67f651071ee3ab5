// The mock's checks of a booking body, as the backend's order form checks it (command-api/src/booking/input):
// the courses, the ticket lines, the customer and the invoice data, with the backend's English messages and
// codes (`field` per input); the coupon lookup and the placed order's answer. The booking and the office
// sale's handlers share them.
import { isValidNip } from '@/shared/rules/nip';
import { email as emailRule, phone as phoneRule } from '@/shared/rules/values';

import { readDb, seatsTaken } from '../data/booking-db';
import type { MockCoupon, MockOrder } from '../data/booking-types';
import { connectionFor, formatPln, type MockConnection } from '../data/catalogue';
import { DISCOUNTS, isDiscountValid } from '../data/discounts';

import type { MockFieldError } from './errors';

const isEmail = (value: string) => emailRule(value) === null;

export const AT_LEAST_ONE_TICKET = 'There should be at least one ticket in the order';
export const SELECT_A_TICKET = 'Please select a ticket.';
/** pay-again's 409 answers (command-api/src/booking/pay_again.rs). */
export const PAY_AGAIN_EXPIRED = 'The reservation has expired.';
export const PAY_AGAIN_NOT_PENDING = 'The order is not waiting for payment.';
const REQUIRED = 'This field is required.';
/** The most seats one order may take (command-api `MAX_SEATS`). */
const MAX_SEATS = 50;

export type Body = Record<string, unknown>;

export function record(value: unknown): Body {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {};
}

export function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function flag(value: unknown): boolean {
  return value === 1 || value === true || value === '1';
}

/** The course the body names: `{course_id, from: {id}, to: {id}}` as the search gave it. */
function courseOf(value: unknown): MockConnection | null {
  const course = record(value);
  const id = text(course.course_id ?? course.id);
  const from = Number(record(course.from).id ?? course.from_waypoint_id);
  const to = Number(record(course.to).id ?? course.to_waypoint_id);
  return id ? connectionFor(id, from, to, seatsTaken) : null;
}

interface TicketInput {
  qty: number;
  discount_id: number | null;
}

function ticketsOf(value: unknown): TicketInput[] {
  return (Array.isArray(value) ? value : []).map((item) => {
    const ticket = record(item);
    const discount = ticket.discount_id;
    return { qty: Number(ticket.qty), discount_id: discount === null || discount === undefined || discount === '' ? null : Number(discount) };
  });
}

export function checkCourses(body: Body, errors: MockFieldError[]) {
  const course = courseOf(body.course);
  const unknown = { field: 'course', message: 'This course does not exist.', code: 'course.not_found' };
  if (!course) errors.push(body.course ? unknown : { field: 'course', message: SELECT_A_TICKET, code: 'field.blank' });
  const back = body.courseReturn ? courseOf(body.courseReturn) : null;
  if (body.courseReturn && !back) errors.push({ field: 'courseReturn', message: 'This course does not exist.', code: 'course.not_found' });
  return { course, back };
}

export function checkTickets(body: Body, errors: MockFieldError[]): TicketInput[] {
  const tickets = ticketsOf(body.tickets);
  if (tickets.length === 0) {
    errors.push({ field: 'tickets', message: AT_LEAST_ONE_TICKET, code: 'order.no_tickets' });
    return tickets;
  }
  tickets.forEach((ticket, index) => {
    if (!Number.isInteger(ticket.qty) || ticket.qty < 1 || ticket.qty > MAX_SEATS) {
      errors.push({ field: `tickets.${index}.qty`, message: `The number of passengers must be between 1 and ${MAX_SEATS}.`, code: 'order.bad_quantity', params: { max: MAX_SEATS } });
    }
    if (ticket.discount_id !== null) {
      const discount = DISCOUNTS.find((candidate) => candidate.id === ticket.discount_id);
      if (!discount || !isDiscountValid(discount)) {
        errors.push({ field: `tickets.${index}.discount_id`, message: 'This discount is not available.', code: 'discount.not_available' });
      }
    }
  });
  return tickets;
}

export function checkCustomer(body: Body, errors: MockFieldError[]) {
  const customer = record(body.customer);
  for (const field of ['first_name', 'last_name']) {
    if (!text(customer[field])) errors.push({ field: `customer.${field}`, message: REQUIRED, code: 'field.blank' });
  }
  const email = text(customer.email);
  if (!isEmail(email)) {
    errors.push({ field: 'customer.email', message: 'Please enter a valid e-mail address.', code: 'field.invalid_email' });
  }
  const phone = text(customer.phone);
  if (phoneRule(phone) !== null) {
    errors.push({ field: 'customer.phone', message: 'Please enter a valid phone number.', code: 'field.invalid_phone' });
  }
  if (!flag(customer.consent_statute)) {
    errors.push({ field: 'customer.consent_statute', message: 'You must accept the terms and conditions.', code: 'consent.terms_required' });
  }
  if (!flag(customer.consent_gdpr)) {
    errors.push({ field: 'customer.consent_gdpr', message: 'You must consent to the processing of your data.', code: 'consent.data_required' });
  }
  return {
    first_name: text(customer.first_name),
    last_name: text(customer.last_name),
    email,
    phone,
    notify_by_sms: flag(customer.notify_by_sms),
  };
}

export function checkInvoice(body: Body, errors: MockFieldError[]) {
  const invoice = record(body.invoice);
  if (!flag(invoice.is_selected)) return null;
  const country = text(invoice.country) || 'PL';
  for (const field of ['company_name', 'address', 'city']) {
    if (!text(invoice[field])) errors.push({ field: `invoice.${field}`, message: REQUIRED, code: 'field.blank' });
  }
  const vat = text(invoice.vat_number);
  const postal = text(invoice.postal_code);
  if (country === 'PL') {
    if (!isValidNip(vat)) errors.push({ field: 'invoice.vat_number', message: 'Please enter a valid NIP (10 digits).', code: 'field.invalid_vat_number' });
    if (!/^\d{2}-\d{3}$/.test(postal)) errors.push({ field: 'invoice.postal_code', message: 'Please enter a postal code like 37-400.', code: 'field.invalid_postal_code' });
  } else {
    if (!vat) errors.push({ field: 'invoice.vat_number', message: REQUIRED, code: 'field.blank' });
    if (!postal) errors.push({ field: 'invoice.postal_code', message: REQUIRED, code: 'field.blank' });
  }
  return {
    country,
    vat_number: vat,
    company_name: text(invoice.company_name),
    address: text(invoice.address),
    postal_code: postal,
    city: text(invoice.city),
  };
}

/** The coupon's answer or the reason it cannot be used (a field error of `coupon.code`). */
export function findCoupon(code: string): { coupon: MockCoupon } | { error: MockFieldError } {
  const coupon = readDb().coupons.find((candidate) => candidate.code === code.trim().toUpperCase());
  const refused = (message: string, errorCode: string) => ({ error: { field: 'coupon.code', message, code: errorCode } });
  if (!coupon) return refused('This coupon code does not exist.', 'coupon.not_found');
  if (coupon.expires_at && new Date(coupon.expires_at) < new Date()) return refused('This coupon has expired.', 'coupon.expired');
  if (coupon.current_value <= 0) return refused('This coupon has been used up.', 'coupon.used_up');
  return { coupon };
}

/** What placing answers (`Placed`): the order's number, amounts, expiry and where to pay. */
export function placedOf(order: MockOrder) {
  return {
    order_id: order.id,
    hash_id: order.hash_id,
    number: order.number ?? order.hash_id.slice(0, 8),
    status: order.status,
    total: order.total,
    total_formatted: formatPln(order.total),
    coupon_amount: order.coupon?.amount ?? 0,
    coupon_amount_formatted: formatPln(order.coupon?.amount ?? 0),
    to_pay: order.to_pay,
    to_pay_formatted: formatPln(order.to_pay),
    expires_at: order.expires_at,
    payment_url: order.payment_url,
  };
}
