// The admin's orders and invoices (contract of issue 17): the order list with its filters, one order
// (AdminOrderView) and its timeline, cancel with a reason, sending the tickets again, the change of
// customer and invoice data (a correction once the invoice is issued), the sale at the office (the
// body of `place` plus the payment method; paid at once), and the invoices: list, one, register, and
// their PDF and FA(3) files. Over the booking mock's own orders (booking-db.ts), admin only.
import { http, HttpResponse } from 'msw';

import { isValidNip } from '@/shared/rules/nip';
import { email as emailRule } from '@/shared/rules/values';

import { apiUrl } from '../api-url';
import { readDb, withDb } from '../data/booking-db';
import type { Db, MockOrder } from '../data/booking-types';
import { formatPln } from '../data/catalogue';
import { mockUpo } from '../data/ksef';
import { adminOf, adminOrderView, documents, invoiceDetails, invoiceRow, orderRow, timeline } from '../data/order-admin';
import { createOrder, markPaid } from '../data/orders';

import { isAdmin, list } from './admin';
import { checkCourses, checkCustomer, checkInvoice, checkTickets, findCoupon, placedOf } from './booking-checks';
import { errorAnswer, validationError, type MockFieldError } from './errors';

const isEmail = (value: string) => emailRule(value) === null;

type Body = Record<string, unknown>;

const record = (value: unknown): Body => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {});
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
/** The outages entered in this session of the mock (`/order/ksef-outage/*`). */
const ksefOutages: { id: number; kind: string; from: string; to: string; note: string; entered_by: string; entered_at: string }[] = [];

/** Back to no outages (tests, after each: the test files share this module). */
export function resetAdminOrdersMock(): void {
  ksefOutages.length = 0;
}

const notFound = () => errorAnswer(404, 'Not Found', 'There is no such order.', 'order.not_found');
const orderOf = (db: Db, request: Request) => db.orders.find((order) => order.id === new URL(request.url).searchParams.get('id'));

/** An admin's change of the customer's or invoice data: 422 field errors as the server gives them (an
 * order sold at the desk may keep no e-mail, as at its sale; one that is given is checked). */
function changeErrors(body: Body, desk: boolean): MockFieldError[] {
  const errors: MockFieldError[] = [];
  const reason = text(body.reason);
  if (!reason) errors.push({ field: 'reason', message: 'This field is required.', code: 'field.blank' });
  if (reason.length > 500) errors.push({ field: 'reason', message: 'At most 500 characters.', code: 'field.too_long', params: { max: 500 } });
  if (body.customer) {
    const customer = record(body.customer);
    for (const field of ['first_name', 'last_name']) if (!text(customer[field])) errors.push({ field: `customer.${field}`, message: 'This field is required.', code: 'field.blank' });
    const email = text(customer.email);
    if ((!desk || email !== '') && !isEmail(email)) errors.push({ field: 'customer.email', message: 'Please enter a valid e-mail address.', code: 'field.invalid_email' });
  }
  if (body.invoice) {
    const invoice = record(body.invoice);
    if ((text(invoice.country) || 'PL') === 'PL' && !isValidNip(text(invoice.vat_number))) {
      errors.push({ field: 'invoice.vat_number', message: 'Please enter a valid NIP (10 digits).', code: 'field.invalid_vat_number' });
    }
  }
  return errors;
}

/** Records the change as the server does; answers what it did (`OrderSaved`). */
function change(db: Db, order: MockOrder, body: Body) {
  const admin = adminOf(db, order);
  let correction: string | null = null;
  const at = new Date().toISOString();
  const reason = text(body.reason);
  if (body.customer) {
    const customer = record(body.customer);
    order.customer = { first_name: text(customer.first_name), last_name: text(customer.last_name), email: text(customer.email), phone: text(customer.phone), notify_by_sms: customer.notify_by_sms === true };
    admin.events.push({ type: 'CustomerDetailsChanged', at, summary: `Zmieniono dane klienta (${reason})`, summary_en: `Customer details changed (${reason})`, data: { customer: order.customer, reason } });
  }
  if (body.invoice !== undefined) {
    const invoice = body.invoice === null ? null : record(body.invoice);
    const issued = documents(db).some((doc) => doc.order.id === order.id && doc.kind === 'VAT');
    order.invoice = invoice
      ? { country: text(invoice.country) || 'PL', vat_number: text(invoice.vat_number), company_name: text(invoice.company_name), address: text(invoice.address), postal_code: text(invoice.postal_code), city: text(invoice.city) }
      : issued ? order.invoice : null;
    admin.events.push({ type: 'InvoiceDataChanged', at, summary: `Zmieniono dane do faktury (${reason})`, summary_en: `Invoice details changed (${reason})`, data: { invoice: order.invoice, reason } });
    if (issued) {
      admin.corrections.push({ at, reason });
      correction = documents(db).filter((doc) => doc.order.id === order.id && doc.kind === 'KOR').at(-1)?.number ?? null;
    }
  }
  return { customer_changed: body.customer !== undefined, invoice_changed: body.invoice !== undefined, correction_number: correction };
}

const orderHandlers = [
  http.get(apiUrl('/order/order/all'), ({ request }) => {
    if (!isAdmin(request)) return undefined;
    const url = new URL(request.url);
    const db = readDb();
    // A ticket's number is no column of the list: the orders that hold that ticket.
    const ticket = url.searchParams.get('filter[ticket_number][eq]')?.trim().toUpperCase();
    url.searchParams.delete('filter[ticket_number][eq]');
    const orders = db.orders.filter((order) => !ticket || order.tickets.some((t) => t.number === ticket));
    return HttpResponse.json({ data: list({ rows: orders.map((order) => orderRow(db, order)) }, url) });
  }),
  http.get(apiUrl('/order/order/one'), ({ request }) => {
    if (!isAdmin(request)) return undefined;
    const db = readDb();
    const order = orderOf(db, request);
    return order ? HttpResponse.json({ data: adminOrderView(db, order) }) : notFound();
  }),
  http.get(apiUrl('/order/order/timeline'), ({ request }) => {
    if (!isAdmin(request)) return undefined;
    const db = readDb();
    const order = orderOf(db, request);
    return order ? HttpResponse.json({ data: timeline(db, order) }) : notFound();
  }),
  http.post(apiUrl('/order/order/cancel'), async ({ request }) => {
    if (!isAdmin(request)) return undefined;
    const body = record(await request.json());
    const reason = text(body.reason);
    const result = withDb((db) => {
      const order = db.orders.find((candidate) => candidate.id === body.id);
      if (!order) return null;
      const admin = adminOf(db, order);
      if (admin.cancelled || (order.status !== 'paid' && order.status !== 'pending_payment')) return 'conflict' as const;
      const valid = order.tickets.filter((ticket) => ticket.status === 'valid');
      const paid = order.status === 'paid';
      const couponRefund = paid ? valid.reduce((sum, ticket) => sum + ticket.coupon_part, 0) : (order.coupon?.amount ?? 0);
      const refund = paid ? valid.reduce((sum, ticket) => sum + ticket.price, 0) - couponRefund : 0;
      const at = new Date().toISOString();
      // As the orders projection writes it: a cancelled order's valid tickets carry no one.
      for (const ticket of valid) ticket.status = 'cancelled';
      order.status = 'cancelled';
      admin.cancelled = { at, reason, refund, coupon_refund: couponRefund };
      admin.events.push({ type: 'OrderCancelled', at, summary: `Anulowano zamówienie: ${reason || 'bez powodu'}; zwrot ${formatPln(refund)}`, summary_en: `Order cancelled: ${reason || 'no reason'}; refund ${formatPln(refund)}`, data: { reason, refund, coupon_refund: couponRefund } });
      // Paid at the desk: the money waits there (in cash, or back to the card) until an admin pays it out.
      const status = admin.payment_method === 'cash' ? 'at_office' : admin.payment_method === 'card_terminal' ? 'at_terminal' : 'pending';
      if (refund > 0) admin.refunds.push({ refund_id: crypto.randomUUID(), reason: `Anulowanie zamówienia ${order.number ?? order.hash_id}`, amount: refund, status, attempts: 0, last_error: null, created_at: at, sent_at: null, paid_out_at: null });
      return { id: order.id, status: 'cancelled', refund, coupon_refund: couponRefund };
    });
    if (result === null) return notFound();
    if (result === 'conflict') return errorAnswer(409, 'Conflict', 'This order cannot be cancelled.', 'order.not_cancellable');
    return HttpResponse.json({ data: result });
  }),
  ...(['send-ticket', 'send-ticket-sms'] as const).map((path) =>
    http.post(apiUrl(`/order/order/${path}`), ({ request }) => {
      if (!isAdmin(request)) return undefined;
      const sent = withDb((db) => {
        const order = orderOf(db, request);
        if (!order) return null;
        const sms = path === 'send-ticket-sms';
        adminOf(db, order).events.push({ stream: 'messages', type: 'MessageSent', at: new Date().toISOString(), summary: sms ? `Wysłano bilety SMS-em na ${order.customer.phone}` : `Wysłano bilety e-mailem na ${order.customer.email}`, summary_en: sms ? `Tickets sent by SMS to ${order.customer.phone}` : `Tickets sent by e-mail to ${order.customer.email}`, data: { channel: sms ? 'sms' : 'email' } });
        return { sent: true, to: sms ? order.customer.phone : order.customer.email };
      });
      return sent ? HttpResponse.json({ data: sent }) : notFound();
    }),
  ),
  http.put(apiUrl('/order/order/save'), async ({ request }) => {
    if (!isAdmin(request)) return undefined;
    const body = record(await request.json());
    const desk = withDb((db) => {
      const order = orderOf(db, request);
      return order ? adminOf(db, order).payment_method !== 'online' : false;
    });
    const errors = changeErrors(body, desk);
    if (errors.length > 0) return validationError(errors);
    const saved = withDb((db) => {
      const order = orderOf(db, request);
      if (!order) return null;
      const changed = change(db, order, body);
      return { id: order.id, version: adminOrderView(db, order).version, ...changed };
    });
    return saved ? HttpResponse.json({ data: saved }) : notFound();
  }),
  http.post(apiUrl('/order/order/save'), async ({ request }) => {
    if (!isAdmin(request)) return undefined;
    const body = record(await request.json());
    const errors: MockFieldError[] = [];
    const { course, back } = checkCourses(body, errors);
    const tickets = checkTickets(body, errors);
    const customer = checkCustomer(body, errors);
    const invoice = checkInvoice(body, errors);
    const method = body.payment_method;
    if (method !== 'cash' && method !== 'card_terminal') errors.push({ field: 'payment_method', message: 'payment_method is cash or card_terminal', code: 'field.invalid' });
    const code = text(record(body.coupon).code);
    let coupon: { code: string; amount: number } | null = null;
    if (code) {
      const found = findCoupon(code);
      if ('error' in found) errors.push(found.error);
      else coupon = { code: found.coupon.code, amount: found.coupon.current_value };
    }
    if (errors.length > 0 || !course) return validationError(errors);
    const passengers = tickets.reduce((sum, ticket) => sum + ticket.qty, 0);
    if (passengers > Math.min(course.seats_available, back?.seats_available ?? Infinity)) return errorAnswer(409, 'Conflict', 'Not enough seats are left on this course.', 'seats.not_enough');
    const placed = withDb((db) => {
      const order = createOrder(db, { user_id: null, customer, invoice, outbound: course, back, tickets, coupon, origin: '' });
      markPaid(db, order);
      adminOf(db, order).payment_method = method as 'cash' | 'card_terminal';
      // Paid at the counter: nothing to pay through a gateway.
      return { ...placedOf(order), payment_url: '' };
    });
    return HttpResponse.json({ data: placed }, { status: 201 });
  }),
];

const invoiceHandlers = [
  http.get(apiUrl('/order/order-invoice/all'), ({ request }) => {
    if (!isAdmin(request)) return undefined;
    // The KSeF state is a field of the row's `ksef` (absent: `none`), filtered and sorted here.
    const url = new URL(request.url);
    const states = [url.searchParams.get('filter[ksef_state][eq]'), ...(url.searchParams.get('filter[ksef_state][in]') ?? '').split(',')].filter(Boolean);
    url.searchParams.delete('filter[ksef_state][eq]');
    url.searchParams.delete('filter[ksef_state][in]');
    const rows = documents(readDb())
      .map(invoiceRow)
      .map((row) => ({ ...row, ksef_state: row.ksef.state }))
      .filter((row) => states.length === 0 || states.includes(row.ksef_state));
    const page = list({ rows }, url);
    return HttpResponse.json({ data: { ...page, models: page.models.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'ksef_state'))) } });
  }),
  http.get(apiUrl('/order/order-invoice/one'), ({ request }) => {
    if (!isAdmin(request)) return undefined;
    const doc = documents(readDb()).find((candidate) => candidate.id === new URL(request.url).searchParams.get('id'));
    return doc ? HttpResponse.json({ data: invoiceDetails(readDb(), doc) }) : errorAnswer(404, 'Not Found', 'There is no such invoice.', 'invoice.not_found');
  }),
  http.get(apiUrl('/order/order-invoice/register'), ({ request }) => {
    if (!isAdmin(request)) return undefined;
    const query = new URL(request.url).searchParams;
    const [asOf, from, to] = ['as_of', 'from', 'to'].map((key) => query.get(key) ?? '');
    const rows = documents(readDb())
      .map(invoiceRow)
      .filter((row) => row.issued_at.slice(0, 10) >= (from ?? '') && row.issued_at.slice(0, 10) <= (to ?? '') && row.issued_at.slice(0, 10) <= (asOf ?? ''))
      .map((row) => ({ number: row.number, kind: row.kind, issue_date: row.issued_at.slice(0, 10), sale_date: row.sale_date, buyer_name: row.buyer_name, buyer_tax_id: row.buyer_tax_id, vat_rate: row.vat_rate, net: row.net, vat: row.vat, gross: row.gross, corrects_number: row.corrects_number, ksef_number: row.ksef?.ksef_number ?? null }));
    const totals = rows.reduce((sum, row) => ({ net: sum.net + row.net, vat: sum.vat + row.vat, gross: sum.gross + row.gross }), { net: 0, vat: 0, gross: 0 });
    if (query.get('format') === 'csv') {
      const lines = ['Numer;Rodzaj;Data wystawienia;Data sprzedaży;Nabywca;NIP;Stawka VAT;Netto;VAT;Brutto;Faktura korygowana;Numer KSeF', ...rows.map((row) => [row.number, row.kind, row.issue_date, row.sale_date, row.buyer_name, row.buyer_tax_id, row.vat_rate, row.net, row.vat, row.gross, row.corrects_number ?? '', row.ksef_number ?? ''].join(';'))];
      return new HttpResponse(`${lines.join('\r\n')}\r\n`, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    }
    return HttpResponse.json({ data: { as_of: asOf, from, to, rows, totals } });
  }),
  // The files: a stand-in body of the right type (the real ones are the documents crate's).
  http.get(apiUrl('/order/order-invoice/pdf'), () => new HttpResponse('%PDF-1.4\n%mock\n', { headers: { 'Content-Type': 'application/pdf' } })),
  http.get(apiUrl('/order/order-invoice/fa3'), () => new HttpResponse('<?xml version="1.0"?><Faktura/>', { headers: { 'Content-Type': 'application/xml' } })),
  // The KSeF deadline alert: the mock's offline documents (due the day after their issue).
  http.get(apiUrl('/order/order-invoice/ksef-deadlines'), ({ request }) => {
    if (!isAdmin(request)) return undefined;
    const today = new Date().toISOString().slice(0, 10);
    const near = documents(readDb())
      .map(invoiceRow)
      .filter((row) => row.ksef?.state === 'offline' && row.ksef.deadline)
      .map((row) => ({ id: row.id, number: row.number, order_id: row.order_id, state: 'offline' as const, deadline: row.ksef?.deadline ?? today, overdue: (row.ksef?.deadline ?? today) < today, why: 'offline', detail: null }));
    return HttpResponse.json({ data: { today, due_by: today, documents: near, more: false } });
  }),
  // KSeF's announced outages (kept in memory for the session; none at first), the certificate configured.
  http.get(apiUrl('/order/ksef-outage/all'), ({ request }) => {
    if (!isAdmin(request)) return undefined;
    return HttpResponse.json({
      data: { outages: [...ksefOutages].reverse(), offline_certificate: true, certificate_note: null, sender_trouble: null, sender: null, oldest_not_in_ksef: null },
    });
  }),
  http.post(apiUrl('/order/ksef-outage/save'), async ({ request }) => {
    if (!isAdmin(request)) return undefined;
    const body = (await request.json()) as Record<string, string | undefined>;
    const date = (text: string | undefined) => /^\d{4}-\d{2}-\d{2}$/.test(text ?? '');
    const errors: MockFieldError[] = [];
    if (body.kind !== 'unavailable' && body.kind !== 'emergency') errors.push({ field: 'kind', message: 'the outage\'s kind must be unavailable or emergency' });
    else if (!date(body.from)) errors.push({ field: 'from', message: `from must be a date YYYY-MM-DD (it is "${body.from ?? ''}")` });
    else if (!date(body.to)) errors.push({ field: 'to', message: `to must be a date YYYY-MM-DD (it is "${body.to ?? ''}")` });
    else if ((body.to ?? '') < (body.from ?? '')) errors.push({ field: 'to', message: `the outage ends (${body.to}) before it starts (${body.from})` });
    if (errors.length > 0) return validationError(errors);
    const outage = { id: ksefOutages.length + 1, kind: body.kind ?? '', from: body.from ?? '', to: body.to ?? '', note: body.note ?? '', entered_by: 'admin@example.com', entered_at: new Date().toISOString() };
    ksefOutages.push(outage);
    return HttpResponse.json({ data: { id: outage.id } });
  }),
  // KSeF's receipt of an accepted document; 404 in the API's error shape before it came.
  http.get(apiUrl('/order/order-invoice/upo'), ({ request }) => {
    if (!isAdmin(request)) return undefined;
    const doc = documents(readDb()).find((candidate) => candidate.id === new URL(request.url).searchParams.get('id'));
    const ksef = doc ? invoiceRow(doc).ksef : null;
    if (!doc || !ksef?.ksef_number) return errorAnswer(404, 'Not Found', 'This invoice has no UPO from KSeF yet.', 'not_found');
    return new HttpResponse(mockUpo(doc.number, ksef.ksef_number), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
  }),
];

export const adminOrderHandlers = [...orderHandlers, ...invoiceHandlers];
