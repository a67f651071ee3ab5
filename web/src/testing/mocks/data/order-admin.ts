// The admin's view of the mock's orders: the invoices and corrections each order has (numbered in the
// order they were issued), its timeline (derived from the order's state, plus what admins did, kept in
// `db.admin`), and the order as `GET /order/order/one` answers it (AdminOrderView).
import { mockUserFor } from '../handlers/accounts';

import type { Db, MockOrder, MockOrderAdmin } from './booking-types';
import { formatPln } from './catalogue';
import { uuid } from './codes';
import { ksefStatus } from './ksef';
import { orderView, returnFee, ticketLeg } from './orders';

const VAT_RATE = 8;

export function adminOf(db: Db, order: MockOrder): MockOrderAdmin {
  db.admin ??= {};
  db.admin[order.id] ??= { payment_method: 'online', events: [], cancelled: null, refunds: [], corrections: [] };
  return db.admin[order.id] as MockOrderAdmin;
}

export { returnFee } from './orders';

export interface MockDocument {
  id: string;
  order: MockOrder;
  kind: 'VAT' | 'KOR';
  issued_at: string;
  gross: number;
  reason: string | null;
  corrects: MockDocument | null;
  number: string;
}

/** `minutes` after `instant` (when the seed's returns and corrections happened). */
export const later = (instant: string, minutes: number) => new Date(Date.parse(instant) + minutes * 60_000).toISOString();

/** Every invoice and correction of the mock's orders, oldest first, numbered `NB/{year}/{n}`. */
export function documents(db: Db): MockDocument[] {
  const docs: Omit<MockDocument, 'number'>[] = [];
  db.orders.forEach((order, index) => {
    if (!order.invoice || !order.paid_at) return;
    const admin = db.admin?.[order.id];
    const invoice: Omit<MockDocument, 'number'> = { id: uuid(0x1f00, index * 100), order, kind: 'VAT', issued_at: order.paid_at, gross: order.to_pay, reason: null, corrects: null };
    docs.push(invoice);
    const correct = (n: number, issued: string, gross: number, reason: string) =>
      docs.push({ id: uuid(0x1f00, index * 100 + n), order, kind: 'KOR', issued_at: issued, gross, reason, corrects: invoice as MockDocument });
    order.tickets.forEach((ticket, t) => {
      if (ticket.status === 'returned' && !admin?.cancelled) correct(1 + t, later(order.paid_at ?? order.placed_at, 60 + t), -(ticket.price - returnFee(ticket.price)), `Zwrot biletu ${ticket.number}`);
    });
    admin?.corrections.forEach((change, c) => correct(50 + c, change.at, 0, change.reason));
    if (admin?.cancelled) correct(90, admin.cancelled.at, -(admin.cancelled.refund + admin.cancelled.coupon_refund), admin.cancelled.reason);
  });
  docs.sort((a, b) => Date.parse(a.issued_at) - Date.parse(b.issued_at));
  const numbered = docs.map((doc, n) => ({ ...doc, number: `NB/${doc.issued_at.slice(0, 4)}/${n + 1}` }));
  for (const doc of numbered) if (doc.corrects) doc.corrects = numbered.find((other) => other.id === doc.corrects?.id) ?? null;
  return numbered;
}

/** The invoices of one order, as the customer's success-data and tickets carry them. */
export function orderInvoices(db: Db, order: MockOrder) {
  return documents(db).filter((doc) => doc.order.id === order.id).map(invoiceSummary);
}

export function invoiceSummary(doc: MockDocument) {
  return { id: doc.id, number: doc.number, kind: doc.kind, issued_at: doc.issued_at, gross: doc.gross, gross_formatted: formatPln(doc.gross), pdf_url: `/api/order/order-invoice/pdf?id=${doc.id}` };
}

/** An invoice as the admin's list shows it (InvoiceListItem). */
export function invoiceRow(doc: MockDocument) {
  const net = Math.round((doc.gross * 100) / (100 + VAT_RATE));
  const invoice = doc.order.invoice;
  return {
    id: doc.id,
    order_id: doc.order.id,
    order_number: doc.order.number,
    number: doc.number,
    kind: doc.kind,
    issued_at: doc.issued_at,
    sale_date: (doc.order.paid_at ?? doc.issued_at).slice(0, 10),
    buyer_name: invoice?.company_name ?? '',
    buyer_tax_id: invoice?.vat_number ?? '',
    net,
    net_formatted: formatPln(net),
    vat: doc.gross - net,
    vat_formatted: formatPln(doc.gross - net),
    gross: doc.gross,
    gross_formatted: formatPln(doc.gross),
    corrects_number: doc.corrects?.number ?? null,
    corrects_id: doc.corrects?.id ?? null,
    reason: doc.reason,
    vat_rate: VAT_RATE,
    pdf_url: `/api/order/order-invoice/pdf?id=${doc.id}`,
    fa3_url: `/api/order/order-invoice/fa3?id=${doc.id}`,
    ksef: ksefStatus(doc, Number(doc.number.split('/').pop())),
  };
}

/** One document as the admin's invoice page reads it (InvoiceDetails): the row, its parties, its corrections. */
export function invoiceDetails(db: Db, doc: MockDocument) {
  const invoice = doc.order.invoice;
  return {
    ...invoiceRow(doc),
    seller: { name: 'Nisko Bus sp. z o.o.', tax_id: '8652556348', address: 'ul. Kolejowa 12', postal_code: '37-400', city: 'Nisko', country: 'PL' },
    buyer: invoice ? { name: invoice.company_name, tax_id: invoice.vat_number, address: invoice.address, postal_code: invoice.postal_code, city: invoice.city, country: invoice.country } : null,
    corrects_issued_at: doc.corrects?.issued_at ?? null,
    total_before: doc.corrects ? doc.corrects.gross : null,
    corrections: documents(db).filter((other) => other.corrects?.id === doc.id).map(invoiceSummary),
  };
}

type Actor = { kind: 'customer' | 'admin' | 'process' | 'guest'; user_id: string | null; email: string | null };
const PROCESS: Actor = { kind: 'process', user_id: null, email: null };
const ADMIN: Actor = { kind: 'admin', user_id: 'user-admin', email: 'admin@example.com' };

interface Entry {
  stream: string;
  type: string;
  recorded_at: string;
  actor: Actor;
  summary: string;
  summary_en: string;
  data: Record<string, unknown>;
}

/** What happened to an order, oldest first, with each stream's version (`GET /order/order/timeline`). */
export function timeline(db: Db, order: MockOrder) {
  const customer: Actor = order.user_id ? { kind: 'customer', user_id: order.user_id, email: order.customer.email } : { kind: 'guest', user_id: null, email: order.customer.email };
  const admin = db.admin?.[order.id];
  const office = admin && admin.payment_method !== 'online';
  const stream = `order-${order.id}`;
  const entries: Entry[] = [];
  const add = (entry: Omit<Entry, 'stream'> & { stream?: string | undefined }) => entries.push({ ...entry, stream: entry.stream ?? stream });
  const pln = formatPln(order.to_pay);
  add({ type: 'OrderPlaced', recorded_at: order.placed_at, actor: office ? ADMIN : customer, summary: `Złożono zamówienie ${order.number ?? order.hash_id} na ${order.tickets.length || order.lines.reduce((s, l) => s + l.quantity, 0)} miejsc(a), ${formatPln(order.total)}`, summary_en: `Order ${order.number ?? order.hash_id} placed for ${formatPln(order.total)}`, data: { order_id: order.id, total: order.total, coupon: order.coupon } });
  for (const leg of [order.outbound, order.back]) {
    if (leg) add({ stream: `course-${leg.course_id}`, type: 'SeatsHeld', recorded_at: order.placed_at, actor: PROCESS, summary: `Zarezerwowano miejsca na kurs ${leg.route_name}`, summary_en: `Seats held on the course ${leg.route_name}`, data: { course_id: leg.course_id, from: leg.from_waypoint_id, to: leg.to_waypoint_id } });
  }
  if (order.coupon) add({ stream: `coupon-${order.coupon.code}`, type: 'CouponSpent', recorded_at: order.placed_at, actor: PROCESS, summary: `Kupon ${order.coupon.code}: wykorzystano ${formatPln(order.coupon.amount)}`, summary_en: `Coupon ${order.coupon.code}: ${formatPln(order.coupon.amount)} spent`, data: { code: order.coupon.code, amount: order.coupon.amount } });
  if (order.paid_at) {
    const provider = office ? (admin.payment_method === 'cash' ? 'gotówka' : 'terminal') : 'Przelewy24';
    add({ type: 'PaymentRegistered', recorded_at: order.paid_at, actor: office ? ADMIN : PROCESS, summary: `Zapłacono ${pln} (${provider})`, summary_en: `Paid ${pln} (${provider === 'gotówka' ? 'cash' : provider})`, data: { amount: order.to_pay, provider } });
    add({ type: 'OrderPaid', recorded_at: order.paid_at, actor: PROCESS, summary: `Zamówienie opłacone, wydano ${order.tickets.length} bilet(y)`, summary_en: `Order paid, ${order.tickets.length} ticket(s) issued`, data: { tickets: order.tickets.map((t) => t.number) } });
    // The outbox's message (issue 39): its state in parentheses, and the attempts in its data.
    add({
      stream: 'messages',
      type: 'MessageSent',
      recorded_at: later(order.paid_at, 1),
      actor: PROCESS,
      summary: `Wysłano bilety e-mailem na ${order.customer.email} (dostarczono)`,
      summary_en: `Tickets e-mailed to ${order.customer.email} (delivered)`,
      data: { channel: 'email', state: 'delivered', attempts: 1, last_error: null },
    });
  }
  for (const doc of documents(db).filter((d) => d.order.id === order.id)) {
    add({ type: doc.kind === 'VAT' ? 'InvoiceIssued' : 'InvoiceCorrected', recorded_at: doc.issued_at, actor: PROCESS, summary: `${doc.kind === 'VAT' ? 'Wystawiono fakturę' : 'Wystawiono korektę'} ${doc.number} na ${formatPln(doc.gross)}`, summary_en: `${doc.kind === 'VAT' ? 'Invoice' : 'Correction'} ${doc.number} issued for ${formatPln(doc.gross)}`, data: { number: doc.number, gross: doc.gross, reason: doc.reason } });
  }
  order.tickets.forEach((ticket, t) => {
    if (ticket.status !== 'returned' || admin?.cancelled) return;
    const leg = ticketLeg(order, ticket);
    add({ type: 'TicketReturned', recorded_at: later(order.paid_at ?? order.placed_at, 60 + t), actor: customer, summary: `Zwrócono bilet ${ticket.number}`, summary_en: `Ticket ${ticket.number} returned`, data: { number: ticket.number, price: ticket.price, fee: returnFee(ticket.price) } });
    add({ stream: `course-${leg.course_id}`, type: 'SeatsReleased', recorded_at: later(order.paid_at ?? order.placed_at, 60 + t), actor: PROCESS, summary: 'Zwolniono miejsce', summary_en: 'Seat released', data: { number: ticket.number } });
  });
  for (const event of admin?.events ?? []) add({ stream: event.stream, type: event.type, recorded_at: event.at, actor: ADMIN, summary: event.summary, summary_en: event.summary_en, data: event.data });
  entries.sort((a, b) => Date.parse(a.recorded_at) - Date.parse(b.recorded_at));
  const versions: Record<string, number> = {};
  const legs = [order.outbound, order.back].filter((leg) => leg !== null && leg !== undefined);
  // What each entry is about, as the server says it (`subject`): the course with its departure and route.
  const subjectOf = (stream: string) => {
    if (stream.startsWith('course-')) {
      const leg = legs.find((candidate) => `course-${candidate.course_id}` === stream);
      return { kind: 'course', departure_at: leg?.departure_at ?? null, route_name: leg?.route_name ?? null, code: null };
    }
    if (stream.startsWith('coupon-')) return { kind: 'coupon', departure_at: null, route_name: null, code: stream.slice('coupon-'.length) };
    const kind = stream.startsWith('order-') ? 'order' : stream === 'messages' ? 'message' : stream === 'refunds' ? 'refund' : 'other';
    return { kind, departure_at: null, route_name: null, code: null };
  };
  return entries.map((entry) => {
    const version = entry.stream === 'messages' ? null : (versions[entry.stream] = (versions[entry.stream] ?? 0) + 1);
    return { ...entry, version, subject: subjectOf(entry.stream) };
  });
}

/** The account an order belongs to, as the server names it: the demo user's orders are jan.kowalski@example.com's. */
export function userIdOf(order: MockOrder): string | null {
  if (!order.user_id) return null;
  return /^[0-9a-f-]{36}$/.test(order.user_id) ? order.user_id : mockUserFor('jan.kowalski@example.com').id;
}

/** The order as an admin reads it (`GET /order/order/one`). */
export function adminOrderView(db: Db, order: MockOrder) {
  const admin = db.admin?.[order.id];
  const events = timeline(db, order);
  const version = events.filter((entry) => entry.stream === `order-${order.id}`).length;
  const returned = order.tickets.filter((ticket) => ticket.status === 'returned' && !admin?.cancelled);
  const moneyRefunded = returned.reduce((sum, ticket) => sum + ticket.price - returnFee(ticket.price) - ticket.coupon_part, 0) + (admin?.cancelled?.refund ?? 0);
  const base = orderView(order);
  return {
    ...base,
    status: admin?.cancelled ? 'cancelled' : base.status,
    invoice: base.invoice ? { ...base.invoice, number: documents(db).find((doc) => doc.order.id === order.id && doc.kind === 'VAT')?.number ?? null } : null,
    user_id: userIdOf(order),
    payment_provider: admin && admin.payment_method !== 'online' ? 'office' : 'przelewy24',
    payment_method: admin?.payment_method ?? 'online',
    paid_amount: order.paid_at ? order.to_pay : null,
    transaction_id: order.paid_at && admin?.payment_method !== 'cash' && admin?.payment_method !== 'card_terminal' ? `P24-${order.hash_id.slice(0, 8).toUpperCase()}` : null,
    expired_at: order.status === 'expired' ? order.expires_at : null,
    cancelled_at: admin?.cancelled?.at ?? null,
    cancelled_by: admin?.cancelled ? '0de0aaaa-0000-4000-8000-0000000000ad' : null,
    cancel_reason: admin?.cancelled?.reason ?? null,
    money_refunded: moneyRefunded,
    refunded: moneyRefunded,
    refunded_to_coupon: (admin?.cancelled ? 0 : base.refunded_to_coupon) + (admin?.cancelled?.coupon_refund ?? 0),
    coupon_refunded: admin?.cancelled?.coupon_refund ?? 0,
    late_refunded: 0,
    version,
    updated_at: events.at(-1)?.recorded_at ?? order.placed_at,
    gateway_refunds: (admin?.refunds ?? []).map(({ paid_out_by: _by, ...refund }) => ({
      ...refund,
      // A desk refund says when it was paid out (`null` while it waits); a gateway's says nothing of it.
      ...(refund.status === 'at_office' || refund.status === 'at_terminal' ? { paid_out_at: refund.paid_out_at ?? null } : {}),
      amount_formatted: formatPln(refund.amount),
    })),
    invoices: orderInvoices(db, order),
  };
}

/** A row of the admin's order list (OrderListItem, with the number and the outbound route's id). */
export function orderRow(db: Db, order: MockOrder) {
  const view = adminOrderView(db, order);
  return {
    id: order.id,
    hash_id: order.hash_id,
    number: order.number,
    status: view.status,
    user_id: view.user_id,
    email: order.customer.email,
    first_name: order.customer.first_name,
    last_name: order.customer.last_name,
    phone: order.customer.phone,
    route_id: order.outbound.route_id,
    route_name: order.outbound.route_name,
    from_name: order.outbound.from_name,
    to_name: order.outbound.to_name,
    course_id: order.outbound.course_id,
    back_course_id: order.back?.course_id ?? null,
    departure_at: order.outbound.departure_at,
    return_departure_at: order.back?.departure_at ?? null,
    passengers: order.lines.reduce((sum, line) => sum + line.quantity, 0),
    total: order.total,
    total_formatted: formatPln(order.total),
    coupon_code: order.coupon?.code ?? null,
    coupon_amount: order.coupon?.amount ?? 0,
    to_pay: order.to_pay,
    to_pay_formatted: formatPln(order.to_pay),
    placed_at: order.placed_at,
    expires_at: order.expires_at,
    paid_at: order.paid_at,
    invoice_number: view.invoice?.number ?? null,
    payment_method: order.paid_at ? view.payment_method : null,
    paid_amount: view.paid_amount,
    // As the server sums it: a gateway's refunds sent, the desk's paid out.
    refunded: view.gateway_refunds
      .filter((refund) => refund.status === 'sent' || ((refund.status === 'at_office' || refund.status === 'at_terminal') && refund.paid_out_at))
      .reduce((sum, refund) => sum + refund.amount, 0),
  };
}
