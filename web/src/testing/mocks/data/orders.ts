// What the mock backend does with an order: records it, marks it paid (issuing its tickets) and
// answers it as the server's `OrderView`.
import type { Db, LegKind, MockCustomer, MockInvoice, MockLeg, MockLine, MockOrder, MockTicket } from './booking-types';
import { formatPln, type MockConnection } from './catalogue';
import { hashId, qrSvg, ticketCode, uuid } from './codes';
import { DISCOUNTS } from './discounts';
import { ticketDisruptionOf } from './disruption-store';
import { discountedFare } from './price-table';
import { signTicket } from './ticket-signing';

export function toLeg(kind: LegKind, connection: MockConnection): MockLeg {
  return {
    kind,
    course_id: connection.course_id,
    route_id: connection.route_id,
    route_name: connection.route_name,
    from_waypoint_id: connection.from.id,
    from_name: connection.from.name,
    to_waypoint_id: connection.to.id,
    to_name: connection.to.name,
    departure_at: connection.departure_at,
    arrival_at: connection.arrival_at,
    unit_price: connection.price,
  };
}

/** Prices of ticket lines: per passenger (both legs, after the discount) and the line's total. */
export function priceLines(
  tickets: { qty: number; discount_id: number | null }[],
  outbound: MockConnection,
  back: MockConnection | null,
): MockLine[] {
  return tickets.map((ticket, index) => {
    const discount = DISCOUNTS.find((candidate) => candidate.id === ticket.discount_id);
    const outboundPrice = discountedFare(outbound.price, discount?.id);
    const backPrice = back ? discountedFare(back.price, discount?.id) : null;
    return {
      line: index + 1,
      quantity: ticket.qty,
      discount: discount
        ? { discount_id: discount.id, name: discount.name, reduction: { kind: discount.kind, value: discount.value } }
        : null,
      outbound_price: outboundPrice,
      back_price: backPrice,
      total: (outboundPrice + (backPrice ?? 0)) * ticket.qty,
    };
  });
}

/** The course a ticket is for: its own after a change of course, else its leg of the order. */
export function ticketLeg(order: MockOrder, ticket: MockTicket): MockLeg {
  return ticket.course ?? (ticket.leg === 'back' && order.back ? order.back : order.outbound);
}

/** A ticket's signed code, as the server gives it in `qr` (its current course and its line's discount). */
export function ticketQr(order: MockOrder, ticket: MockTicket): string {
  const leg = ticketLeg(order, ticket);
  return signTicket({
    number: ticket.number,
    course_id: leg.course_id,
    from_waypoint_id: leg.from_waypoint_id,
    to_waypoint_id: leg.to_waypoint_id,
    discount: order.lines.find((line) => line.line === ticket.line)?.discount?.name ?? null,
    departure_at: leg.departure_at,
    arrival_at: leg.arrival_at,
  });
}
/** Issues the tickets of a paid order: one per passenger and leg, each with its share of the coupon. */
export function issueTickets(db: Db, order: MockOrder): void {
  const year = new Date(order.placed_at).getUTCFullYear();
  const seats: { leg: LegKind; line: number; price: number }[] = [];
  for (const line of order.lines) {
    for (let i = 0; i < line.quantity; i += 1) {
      seats.push({ leg: 'outbound', line: line.line, price: line.outbound_price });
      if (order.back && line.back_price !== null) seats.push({ leg: 'back', line: line.line, price: line.back_price });
    }
  }
  // The coupon split over the seats by price, the remainder to the first ones (enough for a mock).
  const coupon = order.coupon?.amount ?? 0;
  const total = seats.reduce((sum, seat) => sum + seat.price, 0) || 1;
  const parts = seats.map((seat) => Math.floor((coupon * seat.price) / total));
  let left = coupon - parts.reduce((sum, part) => sum + part, 0);
  for (let i = 0; left > 0 && i < parts.length; i += 1) {
    if ((parts[i] ?? 0) < (seats[i]?.price ?? 0)) {
      parts[i] = (parts[i] ?? 0) + 1;
      left -= 1;
    }
  }
  order.tickets = seats.map((seat, index) => {
    const n = db.nextTicket;
    db.nextTicket += 1;
    const number = `NK-${year}-${String(n).padStart(6, '0')}`;
    return {
      id: uuid(0x7ac0, n),
      number,
      code: ticketCode(number),
      leg: seat.leg,
      line: seat.line,
      price: seat.price,
      coupon_part: parts[index] ?? 0,
      status: 'valid',
      course_changed: false,
    };
  });
}

export interface NewOrder {
  user_id: string | null;
  customer: MockCustomer;
  invoice: MockInvoice | null;
  outbound: MockConnection;
  back: MockConnection | null;
  tickets: { qty: number; discount_id: number | null }[];
  coupon: { code: string; amount: number } | null;
  origin: string;
  now?: Date;
  /** A fixed public id (the seeded orders, so tests can name them). */
  hashId?: string;
  /** An order from before orders were numbered (no readable number). */
  unnumbered?: boolean;
}

/** The readable order number of the n-th order, as the backend writes it. */
export function orderNumber(year: number, n: number): string {
  return `NB-${year}-${String(n).padStart(6, '0')}`;
}

/** Records a placed order, pending payment for 15 minutes. */
export function createOrder(db: Db, input: NewOrder): MockOrder {
  const now = input.now ?? new Date();
  const n = db.nextOrder;
  db.nextOrder += 1;
  const lines = priceLines(input.tickets, input.outbound, input.back);
  const total = lines.reduce((sum, line) => sum + line.total, 0);
  const couponAmount = Math.min(input.coupon?.amount ?? 0, total);
  const hash = input.hashId ?? hashId(`order-${n}-${now.getTime()}`);
  const order: MockOrder = {
    id: uuid(0x0de0, n),
    hash_id: hash,
    number: input.unnumbered ? null : orderNumber(now.getUTCFullYear(), n),
    status: 'pending_payment',
    placed_at: now.toISOString(),
    expires_at: new Date(now.getTime() + 15 * 60_000).toISOString(),
    paid_at: null,
    user_id: input.user_id,
    // A copy, as a server stores it: a test that changes the order must not change its caller's data.
    customer: { ...input.customer },
    invoice: input.invoice ? { ...input.invoice } : null,
    outbound: toLeg('outbound', input.outbound),
    back: input.back ? toLeg('back', input.back) : null,
    lines,
    coupon: input.coupon ? { code: input.coupon.code, amount: couponAmount } : null,
    total,
    to_pay: total - couponAmount,
    // The mock "gateway" sends the customer straight back, as the real one does after paying.
    payment_url: `${input.origin}/order/after-payment?hash_id=${hash}`,
    payment_attempts: 1,
    tickets: [],
    polls: 0,
  };
  if (input.coupon) {
    const coupon = db.coupons.find((c) => c.code === input.coupon?.code);
    if (coupon) coupon.current_value -= couponAmount;
  }
  db.orders.push(order);
  return order;
}

export function markPaid(db: Db, order: MockOrder, now: Date = new Date()): void {
  order.status = 'paid';
  order.paid_at = now.toISOString();
  order.payment_url = null;
  issueTickets(db, order);
}

function legView(leg: MockLeg) {
  return { ...leg, unit_price_formatted: formatPln(leg.unit_price) };
}

/** The order as success-data answers it (query-api `OrderView`). */
/** The handling fee of a return (10%, rounded), as the return handler takes it. */
export const returnFee = (price: number) => Math.floor((price * 10 + 50) / 100);

/** What the order's returned tickets paid back: the money, and the part back to the coupon. */
export function returnedRefunds(order: MockOrder): { refunded: number; refunded_to_coupon: number } {
  return order.tickets
    .filter((ticket) => ticket.status === 'returned')
    .reduce(
      (sum, ticket) => {
        const back = ticket.price - returnFee(ticket.price);
        const coupon = Math.min(ticket.coupon_part, back);
        return { refunded: sum.refunded + back - coupon, refunded_to_coupon: sum.refunded_to_coupon + coupon };
      },
      { refunded: 0, refunded_to_coupon: 0 },
    );
}

export function orderView(order: MockOrder) {
  const couponAmount = order.coupon?.amount ?? 0;
  return {
    id: order.id,
    hash_id: order.hash_id,
    number: order.number,
    status: order.status,
    placed_at: order.placed_at,
    expires_at: order.expires_at,
    paid_at: order.paid_at,
    customer: order.customer,
    invoice: order.invoice
      ? { ...order.invoice, number: order.paid_at ? `NB/${order.placed_at.slice(0, 4)}/${order.id.slice(-4)}` : null, issued_at: order.paid_at }
      : null,
    outbound: legView(order.outbound),
    back: order.back ? legView(order.back) : null,
    lines: order.lines.map((line) => ({ ...line, total_formatted: formatPln(line.total) })),
    coupon: order.coupon ? { ...order.coupon, amount_formatted: formatPln(order.coupon.amount) } : null,
    total: order.total,
    total_formatted: formatPln(order.total),
    coupon_amount: couponAmount,
    coupon_amount_formatted: formatPln(couponAmount),
    to_pay: order.to_pay,
    to_pay_formatted: formatPln(order.to_pay),
    payment_url: order.status === 'pending_payment' ? order.payment_url : null,
    // Paid back so far (issue 39); the admin's cancellation adds its own (order-admin.ts).
    ...returnedRefunds(order),
    tickets: order.tickets.map((ticket) => {
      const leg = ticketLeg(order, ticket);
      return {
        id: ticket.id,
        number: ticket.number,
        code: ticket.code,
        leg: ticket.leg,
        line: ticket.line,
        price: ticket.price,
        price_formatted: formatPln(ticket.price),
        status: ticket.status,
        course_changed: ticket.course_changed,
        course_id: leg.course_id,
        route_name: leg.route_name,
        from_name: leg.from_name,
        to_name: leg.to_name,
        departure_at: leg.departure_at,
        arrival_at: leg.arrival_at,
        qr: ticketQr(order, ticket),
        qr_svg: qrSvg(ticketQr(order, ticket)),
        discount_name: order.lines.find((line) => line.line === ticket.line)?.discount?.name ?? null,
        // A course the admin cancelled or delayed (issue 39): the guest's only page says it.
        disruption: order.status === 'paid' || order.status === 'returned' ? ticketDisruptionOf(leg.course_id, leg.departure_at, ticket.status) : null,
      };
    }),
  };
}
