// The order journey: discounts, price recalculation, coupon check, step validation, placing the order
// (with Idempotency-Key), the order's state after payment, and ticket returns. Answers follow
// docs/booking.md; validation messages are the backend's (English, `field` per input).
import { http, HttpResponse } from 'msw';

import { isEmail } from '@/shared/api/email';

import { apiUrl } from '../api-url';
import { mockPayment, readDb, seatsTaken, withDb } from '../data/booking-db';
import { DEMO_USER_ID } from '../data/booking-seed';
import type { MockCoupon, MockOrder } from '../data/booking-types';
import { connectionFor, formatPln, type MockConnection } from '../data/catalogue';
import { DISCOUNTS, isDiscountValid } from '../data/discounts';
import { orderInvoices } from '../data/order-admin';
import { createOrder, markPaid, orderView, priceLines, ticketLeg } from '../data/orders';

import { isAdmin } from './admin';
import { errorAnswer, type MockFieldError, type MockParams, validationError } from './errors';

export const AT_LEAST_ONE_TICKET = 'There should be at least one ticket in the order';
export const SELECT_A_TICKET = 'Please select a ticket.';
/** pay-again's 409 answers (command-api/src/booking/pay_again.rs). */
export const PAY_AGAIN_EXPIRED = 'The reservation has expired.';
export const PAY_AGAIN_NOT_PENDING = 'The order is not waiting for payment.';
const REQUIRED = 'This field is required.';
/** The most seats one order may take (command-api `MAX_SEATS`). */
const MAX_SEATS = 50;

type Body = Record<string, unknown>;

function record(value: unknown): Body {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {};
}

function text(value: unknown): string {
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

/** The Polish NIP: ten digits, the last a weighted checksum of the first nine. */
export function isValidNip(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{10}$/.test(digits)) return false;
  const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
  const sum = weights.reduce((acc, weight, i) => acc + weight * Number(digits[i]), 0);
  const check = sum % 11;
  return check !== 10 && check === Number(digits[9]);
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
  if (phone.replace(/\D/g, '').length < 9) {
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

export const bookingHandlers = [
  http.get(apiUrl('/course/discount/all'), ({ request }) => {
    const params = new URL(request.url).searchParams;
    const activeFilter = params.get('filter[active][eq]');
    const models = DISCOUNTS.filter((d) => activeFilter === null || d.active === (activeFilter === '1' || activeFilter === 'true'));
    const perPage = Number(params.get('per-page') ?? 20);
    return HttpResponse.json({
      data: {
        models: models.slice(0, perPage),
        pagination: { page: 1, perPage, totalCount: models.length, pageCount: Math.max(1, Math.ceil(models.length / perPage)) },
      },
    });
  }),

  http.post(apiUrl('/course/discount/calculate-for-tickets'), async ({ request }) => {
    const body = record(await request.json());
    const errors: MockFieldError[] = [];
    const { course, back } = checkCourses(body, errors);
    const tickets = checkTickets(body, errors);
    if (errors.length > 0 || !course) return validationError(errors);
    const lines = priceLines(tickets, course, back);
    const total = lines.reduce((sum, line) => sum + line.total, 0);
    return HttpResponse.json({
      data: {
        tickets: lines.map((line, index) => ({
          qty: tickets[index]?.qty ?? line.quantity,
          discount_id: tickets[index]?.discount_id ?? null,
          price: line.outbound_price + (line.back_price ?? 0),
          price_formatted: formatPln(line.outbound_price + (line.back_price ?? 0)),
          total: line.total,
          total_formatted: formatPln(line.total),
        })),
        total,
        total_formatted: formatPln(total),
      },
    });
  }),

  http.post(apiUrl('/order/coupon/check'), async ({ request }) => {
    const code = text(record(await request.json()).code);
    const empty = { field: 'coupon.code', message: 'Please enter a coupon code.', code: 'coupon.empty_code' };
    if (!code) return validationError([empty], empty.code);
    const found = findCoupon(code);
    if ('error' in found) return validationError([found.error], found.error.code);
    return HttpResponse.json({
      data: {
        code: found.coupon.code,
        value: found.coupon.current_value,
        value_formatted: formatPln(found.coupon.current_value),
        initial_value: found.coupon.initial_value,
        expires_at: found.coupon.expires_at,
      },
    });
  }),

  http.post(apiUrl('/order/order/validate'), async ({ request }) => {
    const step = new URL(request.url).searchParams.get('step');
    const body = record(await request.json());
    const errors: MockFieldError[] = [];
    if (step === 'tickets') {
      checkCourses(body, errors);
      checkTickets(body, errors);
    } else if (step === 'customer') {
      checkCustomer(body, errors);
    } else if (step === 'invoice') {
      checkInvoice(body, errors);
    } else {
      return validationError([{ field: 'step', message: 'step is tickets, customer or invoice' }]);
    }
    return errors.length > 0 ? validationError(errors) : HttpResponse.json({ data: { valid: true } });
  }),

  http.post(apiUrl('/order/order/place'), async ({ request }) => {
    const raw = await request.text();
    const key = request.headers.get('idempotency-key');
    if (key) {
      const earlier = readDb().answers[key];
      if (earlier) {
        if (earlier.request !== raw) {
          const reused = { field: 'Idempotency-Key', message: 'This Idempotency-Key was already used for a different request.', code: 'idempotency.key_reused' };
          return validationError([reused], reused.code);
        }
        return HttpResponse.json(earlier.body as Record<string, unknown>, { status: earlier.status });
      }
    }
    const body = record(JSON.parse(raw));
    const errors: MockFieldError[] = [];
    const { course, back } = checkCourses(body, errors);
    const tickets = checkTickets(body, errors);
    const customer = checkCustomer(body, errors);
    const invoice = checkInvoice(body, errors);
    const couponCode = text(record(body.coupon).code);
    let coupon: { code: string; amount: number } | null = null;
    if (couponCode) {
      const found = findCoupon(couponCode);
      if ('error' in found) errors.push(found.error);
      else coupon = { code: found.coupon.code, amount: found.coupon.current_value };
    }
    if (errors.length > 0 || !course) return validationError(errors);

    const passengers = tickets.reduce((sum, ticket) => sum + ticket.qty, 0);
    const fewest = Math.min(course.seats_available, back?.seats_available ?? Infinity);
    if (passengers > fewest) {
      return errorAnswer(409, 'Conflict', `Only ${fewest} seats are left on this course.`, 'seats.not_enough', { available: fewest });
    }

    const answer = withDb((db) => {
      const order = createOrder(db, {
        user_id: request.headers.get('authorization') ? DEMO_USER_ID : null,
        customer,
        invoice,
        outbound: course,
        back,
        tickets,
        coupon,
        // As the backend: the gateway sends English customers back to the English page.
        origin: `${new URL(request.url).origin}${request.headers.get('accept-language')?.trim().startsWith('en') ? '/en' : ''}`,
      });
      const data = placedOf(order);
      if (key) db.answers[key] = { status: 201, body: { data }, request: raw };
      return data;
    });
    return HttpResponse.json({ data: answer }, { status: 201 });
  }),

  http.get(apiUrl('/order/order/success-data'), ({ request }) => {
    const hash = new URL(request.url).searchParams.get('hash_id') ?? '';
    const view = withDb((db) => {
      const order = db.orders.find((candidate) => candidate.hash_id === hash);
      if (!order) return null;
      if (order.status === 'pending_payment') {
        if (new Date(order.expires_at) < new Date()) order.status = 'expired';
        else if (order.polls >= mockPayment.pendingPolls) markPaid(db, order);
        else order.polls += 1;
      }
      return { ...orderView(order), invoices: orderInvoices(db, order) };
    });
    return view ? HttpResponse.json({ data: view }) : errorAnswer(404, 'Not Found', 'There is no such order.', 'order.not_found');
  }),

  // A new gateway transaction for a reservation whose payment failed or was not finished; the earlier
  // link stays as it was. The mock's link differs from the earlier one only by its `attempt`.
  http.post(apiUrl('/order/order/pay-again'), ({ request }) => {
    const url = new URL(request.url);
    const hash = url.searchParams.get('hash_id')?.trim() ?? '';
    if (!hash) return errorAnswer(400, 'Bad Request', 'hash_id is required');
    const result = withDb((db): { status: number; message?: string; code?: string; data?: { payment_url: string; expires_at: string } } => {
      const order = db.orders.find((candidate) => candidate.hash_id === hash);
      if (!order) return { status: 404, message: 'There is no such order.', code: 'order.not_found' };
      if (order.status === 'pending_payment' && new Date(order.expires_at) < new Date()) order.status = 'expired';
      if (order.status === 'expired') return { status: 409, message: PAY_AGAIN_EXPIRED, code: 'reservation.expired' };
      if (order.status !== 'pending_payment' || order.to_pay === 0) return { status: 409, message: PAY_AGAIN_NOT_PENDING, code: 'order.not_pending' };
      order.payment_attempts += 1;
      const origin = `${url.origin}${request.headers.get('accept-language')?.trim().startsWith('en') ? '/en' : ''}`;
      order.payment_url = `${origin}/order/after-payment?hash_id=${order.hash_id}&attempt=${order.payment_attempts}`;
      return { status: 200, data: { payment_url: order.payment_url, expires_at: order.expires_at } };
    });
    if (result.data) return HttpResponse.json({ data: result.data });
    return errorAnswer(result.status, result.status === 404 ? 'Not Found' : 'Conflict', result.message ?? '', result.code);
  }),

  // The customer cancels a reservation that waits for payment (command-api/src/booking/cancel_reservation.rs).
  http.post(apiUrl('/order/order/cancel-reservation'), ({ request }) => {
    const hash = new URL(request.url).searchParams.get('hash_id')?.trim() ?? '';
    if (!hash) return errorAnswer(400, 'Bad Request', 'hash_id is required');
    const result = withDb((db): { status: number; coupon?: number } => {
      const order = db.orders.find((candidate) => candidate.hash_id === hash);
      if (!order) return { status: 404 };
      if (order.status === 'pending_payment') order.status = 'cancelled';
      return order.status === 'cancelled' ? { status: 200, coupon: order.coupon?.amount ?? 0 } : { status: 409 };
    });
    if (result.status === 200) return HttpResponse.json({ data: { hash_id: hash, status: 'cancelled', coupon_refund: result.coupon ?? 0 } });
    if (result.status === 404) return errorAnswer(404, 'Not Found', 'There is no such order.', 'order.not_found');
    return errorAnswer(409, 'Conflict', 'This order is not waiting for payment, so it cannot be cancelled here.', 'order.not_cancellable');
  }),

  // The quote decides as the return does and records nothing.
  ...(['return-ticket', 'return-quote'] as const).map((action) => http.post(apiUrl(`/order/order/${action}`), async ({ request }) => {
    const commit = action === 'return-ticket';
    const body = record(await request.json());
    const number = text(body.number).toUpperCase();
    const code = text(body.code).toUpperCase();
    const loggedIn = Boolean(request.headers.get('authorization'));
    const blank = { field: 'number', message: 'Please enter the ticket number.', code: 'field.blank' };
    if (!number) return validationError([blank], blank.code);
    type Result = { status: number; field?: string; message?: string; code?: string; params?: MockParams; data?: Record<string, unknown> };
    const result = withDb((db): Result => {
      for (const order of db.orders) {
        const ticket = order.tickets.find((candidate) => candidate.number === number);
        if (!ticket) continue;
        // Guests need the code; a logged-in user needs it for tickets of other people's orders; an admin
        // returns on the customer's behalf without it.
        const own = isAdmin(request) || (loggedIn && order.user_id === DEMO_USER_ID);
        if (!code && !own) return { status: 422, field: 'code', message: "Please enter the ticket's code.", code: 'ticket.code_required' };
        if (code && ticket.code !== code) return { status: 422, field: 'code', message: 'The code does not match this ticket.', code: 'ticket.wrong_code' };
        if (ticket.status === 'returned') return { status: 409, message: 'This ticket was returned already.', code: 'ticket.already_returned' };
        if (order.status !== 'paid') return { status: 409, message: 'Only tickets of a paid order can be returned.', code: 'order.not_paid' };
        const leg = ticketLeg(order, ticket);
        if (new Date(leg.departure_at).getTime() - 10 * 60_000 < Date.now()) {
          return { status: 422, field: 'number', message: 'Tickets can be returned until 10 minutes before departure.', code: 'return.too_late', params: { minutes: 10 } };
        }
        const fee = Math.floor((ticket.price * 10 + 50) / 100);
        const refundable = ticket.price - fee;
        const couponRefund = Math.min(ticket.coupon_part, refundable);
        const moneyRefund = refundable - couponRefund;
        if (!commit) {
          const method = db.admin?.[order.id]?.payment_method ?? 'online';
          const atOffice = method !== 'online';
          const moneyTo = moneyRefund === 0 ? 'none' : atOffice ? 'office' : 'payment';
          return {
            status: 200,
            data: {
              number: ticket.number,
              price: ticket.price,
              fee,
              back: refundable,
              coupon_refund: couponRefund,
              money_refund: moneyRefund,
              coupon_code: couponRefund > 0 ? order.coupon?.code ?? null : null,
              money_to: moneyTo,
            },
          };
        }
        ticket.status = 'returned';
        if (order.tickets.every((t) => t.status === 'returned')) order.status = 'returned';
        if (couponRefund > 0 && order.coupon) {
          const coupon = db.coupons.find((c) => c.code === order.coupon?.code);
          if (coupon) coupon.current_value += couponRefund;
        }
        return {
          status: 200,
          data: {
            number: ticket.number,
            price: ticket.price,
            price_formatted: formatPln(ticket.price),
            fee,
            fee_formatted: formatPln(fee),
            coupon_refund: couponRefund,
            coupon_refund_formatted: formatPln(couponRefund),
            money_refund: moneyRefund,
            money_refund_formatted: formatPln(moneyRefund),
          },
        };
      }
      return { status: 404, message: 'There is no ticket with this number.', code: 'ticket.not_found' };
    });
    if (result.data) return HttpResponse.json({ data: result.data });
    if (result.status === 422 && result.field) {
      return validationError([{ field: result.field, message: result.message ?? '', code: result.code, params: result.params }], result.code);
    }
    return errorAnswer(result.status, result.status === 404 ? 'Not Found' : 'Conflict', result.message ?? '', result.code);
  })),
];
