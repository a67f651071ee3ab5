// The order journey: discounts, price recalculation, coupon check, step validation, placing the order
// (with Idempotency-Key), the order's state after payment, paying again and cancelling a reservation; the
// body's checks are booking-checks.ts's and the ticket returns booking-returns.ts's. Answers follow
// docs/booking.md; validation messages are the backend's (English, `field` per input).
import { http, HttpResponse } from 'msw';

import { apiUrl } from '../api-url';
import { mockPayment, readDb, withDb } from '../data/booking-db';
import { DEMO_USER_ID } from '../data/booking-seed';
import { formatPln } from '../data/catalogue';
import { DISCOUNTS } from '../data/discounts';
import { adminOrderView, orderInvoices } from '../data/order-admin';
import { createOrder, markPaid, orderView, priceLines } from '../data/orders';

import {
  checkCourses,
  checkCustomer,
  checkInvoice,
  checkTickets,
  findCoupon,
  PAY_AGAIN_EXPIRED,
  PAY_AGAIN_NOT_PENDING,
  placedOf,
  record,
  text,
} from './booking-checks';
import { returnHandlers } from './booking-returns';
import { errorAnswer, type MockFieldError, validationError } from './errors';

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
      // What was paid back so far, an admin's cancellation included (as the admin's view counts it).
      const { refunded, refunded_to_coupon } = adminOrderView(db, order);
      return { ...orderView(order), invoices: orderInvoices(db, order), refunded, refunded_to_coupon };
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

  ...returnHandlers,
];
