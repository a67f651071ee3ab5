// Ticket returns: the quote (what would come back and where, recorded nowhere) and the return itself, as
// command-api/src/booking/returns.rs decides them: the code for guests, the cutoff, the fee, the coupon part
// first, and where the money goes (`payment`, `office` for cash at the desk, `terminal` for the card
// terminal's refund).
import { http, HttpResponse } from 'msw';

import { apiUrl } from '../api-url';
import { withDb } from '../data/booking-db';
import { DEMO_USER_ID } from '../data/booking-seed';
import { formatPln } from '../data/catalogue';
import { ticketLeg } from '../data/orders';

import { isAdmin } from './admin';
import { record, text } from './booking-checks';
import { errorAnswer, type MockParams, validationError } from './errors';

export const returnHandlers = [
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
        // Where the money goes, as the server says it: cash back at the office, the card terminal, or the payment.
        const method = db.admin?.[order.id]?.payment_method ?? 'online';
        const moneyTo = moneyRefund === 0 ? 'none' : method === 'card_terminal' ? 'terminal' : method === 'cash' ? 'office' : 'payment';
        if (!commit) {
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
        // A ticket paid at the desk: its money waits there until an admin pays it out (the till).
        const desk = db.admin?.[order.id];
        if (desk && moneyRefund > 0 && (moneyTo === 'office' || moneyTo === 'terminal')) {
          desk.refunds.push({ refund_id: crypto.randomUUID(), reason: `Zwrot biletu ${ticket.number}`, amount: moneyRefund, status: moneyTo === 'office' ? 'at_office' : 'at_terminal', attempts: 0, last_error: null, created_at: new Date().toISOString(), sent_at: null, paid_out_at: null });
        }
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
            money_to: moneyTo,
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
