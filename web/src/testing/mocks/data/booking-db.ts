// The mock backend's memory of orders and coupons. It lives in sessionStorage, not in a variable:
// in `npm run dev:mock` the payment redirect reloads the page (and the MSW worker with it), and the
// order must still be there when the customer comes back. Tests start from the seed every time (the
// test setup clears sessionStorage after each test).
import { connectionFor, courseId, formatPln, warsawToday, type MockConnection } from './catalogue';
import { DISCOUNTS, discountedPrice } from './discounts';

const STORAGE_KEY = 'nisko-bus.mock-booking-db';

/** The demo account's user id (the auth mocks log in jan.kowalski@example.com). */
export const DEMO_USER_ID = 'user-jan-kowalski';

export type LegKind = 'outbound' | 'back';

export interface MockLeg {
  kind: LegKind;
  course_id: string;
  route_id: number;
  route_name: string;
  from_waypoint_id: number;
  from_name: string;
  to_waypoint_id: number;
  to_name: string;
  departure_at: string;
  arrival_at: string;
  unit_price: number;
}

export interface MockLine {
  line: number;
  quantity: number;
  discount: { discount_id: number; name: string; reduction: { kind: 'percent' | 'amount'; value: number } } | null;
  outbound_price: number;
  back_price: number | null;
  total: number;
}

export interface MockTicket {
  id: string;
  number: string;
  code: string;
  leg: LegKind;
  line: number;
  price: number;
  coupon_part: number;
  status: 'valid' | 'returned';
  course_changed: boolean;
  /** The ticket's own course after a change of course; until then, its leg of the order. */
  course?: MockLeg;
}

export interface MockCustomer {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  notify_by_sms: boolean;
}

export interface MockInvoice {
  country: string;
  vat_number: string;
  company_name: string;
  address: string;
  postal_code: string;
  city: string;
}

export type OrderStatus = 'pending_payment' | 'paid' | 'expired' | 'cancelled' | 'returned' | 'abandoned';

export interface MockOrder {
  id: string;
  hash_id: string;
  /** The readable number (`NB-2026-000123`); `null` for orders placed before orders were numbered. */
  number: string | null;
  status: OrderStatus;
  placed_at: string;
  expires_at: string;
  paid_at: string | null;
  user_id: string | null;
  customer: MockCustomer;
  invoice: MockInvoice | null;
  outbound: MockLeg;
  back: MockLeg | null;
  lines: MockLine[];
  coupon: { code: string; amount: number } | null;
  total: number;
  to_pay: number;
  payment_url: string | null;
  /** Gateway transactions registered for the order: 1 when placed, one more per "pay again". */
  payment_attempts: number;
  tickets: MockTicket[];
  /** success-data calls answered while pending (the mock "gateway" confirms after `PENDING_POLLS`). */
  polls: number;
}

export interface MockCoupon {
  code: string;
  initial_value: number;
  current_value: number;
  expires_at: string | null;
}

interface Db {
  orders: MockOrder[];
  coupons: MockCoupon[];
  /** Idempotency-Key -> the first answer. */
  answers: Record<string, { status: number; body: unknown; request: string }>;
  nextOrder: number;
  nextTicket: number;
}

/**
 * How many success-data answers stay `pending_payment` before the mock payment is confirmed.
 * One gives the after-payment page a moment of "waiting for the payment" in dev; tests may set 0.
 */
export const mockPayment = { pendingPolls: 1 };

/** Only where there is no sessionStorage (never in the browser or under jsdom). */
let memory: Db | null = null;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function load(): Db {
  const store = storage();
  if (!store) {
    memory ??= seed();
    return memory;
  }
  const raw = store.getItem(STORAGE_KEY);
  if (raw) {
    try {
      return JSON.parse(raw) as Db;
    } catch {
      // A broken copy is replaced by the seed.
    }
  }
  // An empty sessionStorage (a new tab, or the next test) starts from the seed, kept at once so
  // that every later read sees the same orders.
  const fresh = seed();
  store.setItem(STORAGE_KEY, JSON.stringify(fresh));
  return fresh;
}

function save(db: Db): void {
  const store = storage();
  if (store) store.setItem(STORAGE_KEY, JSON.stringify(db));
  else memory = db;
}

/** Reads and writes the database in one step. */
export function withDb<T>(change: (db: Db) => T): T {
  const db = load();
  const result = change(db);
  save(db);
  return result;
}

export function readDb(): Db {
  return load();
}

/** Back to the seed (tests). */
export function resetBookingDb(): void {
  memory = null;
  storage()?.removeItem(STORAGE_KEY);
  mockPayment.pendingPolls = 1;
}

// --- Helpers ------------------------------------------------------------------------------------

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function pseudoRandom(seedText: string): () => number {
  let state = [...seedText].reduce((sum, ch) => (sum * 33 + ch.charCodeAt(0)) >>> 0, 5381) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

export function ticketCode(seedText: string): string {
  const next = pseudoRandom(`code:${seedText}`);
  return Array.from({ length: 10 }, () => CODE_ALPHABET[Math.floor(next() * CODE_ALPHABET.length)]).join('');
}

function hashId(seedText: string): string {
  const next = pseudoRandom(`hash:${seedText}`);
  return Array.from({ length: 16 }, () => 'abcdefghijkmnpqrstuvwxyz23456789'[Math.floor(next() * 32)]).join('');
}

function uuid(prefix: number, n: number): string {
  return `${prefix.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** A QR-like picture for a ticket code (three finder squares and a pattern from the code). */
export function qrSvg(code: string): string {
  const size = 25;
  const next = pseudoRandom(`qr:${code}`);
  const cells: string[] = [];
  const finder = (x: number, y: number) => x < 7 && y < 7;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const inFinder = finder(x, y) || finder(size - 1 - x, y) || finder(x, size - 1 - y);
      if (inFinder) continue;
      if (next() < 0.5) cells.push(`M${x + 2} ${y + 2}h1v1h-1z`);
    }
  }
  const squares = [
    [2, 2],
    [size - 5, 2],
    [2, size - 5],
  ]
    .map(([x, y]) => `M${x} ${y}h7v7h-7zM${(x ?? 0) + 1} ${(y ?? 0) + 1}v5h5v-5zM${(x ?? 0) + 2} ${(y ?? 0) + 2}h3v3h-3z`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size + 4} ${size + 4}" shape-rendering="crispEdges">` +
    `<rect width="100%" height="100%" fill="#fff"/>` +
    `<path fill="#000" fill-rule="evenodd" d="${squares}${cells.join('')}"/></svg>`
  );
}

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
    const outboundPrice = discountedPrice(outbound.price, discount);
    const backPrice = back ? discountedPrice(back.price, discount) : null;
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

/** Seats held or sold on a course by the mock's orders (pending or paid, not returned). */
export function seatsTaken(course: string): number {
  const db = load();
  let taken = 0;
  for (const order of db.orders) {
    if (order.status !== 'pending_payment' && order.status !== 'paid') continue;
    if (order.status === 'pending_payment' && new Date(order.expires_at) < new Date()) continue;
    if (order.status === 'paid') {
      taken += order.tickets.filter((t) => t.status === 'valid' && ticketLeg(order, t).course_id === course).length;
      continue;
    }
    for (const leg of [order.outbound, order.back]) {
      if (leg?.course_id === course) taken += order.lines.reduce((sum, line) => sum + line.quantity, 0);
    }
  }
  return taken;
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
    customer: input.customer,
    invoice: input.invoice,
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
        qr_svg: qrSvg(`${ticket.number}:${ticket.code}`),
      };
    }),
  };
}

// --- Seed ------------------------------------------------------------------------------------------

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const JAN: MockCustomer = {
  first_name: 'Jan',
  last_name: 'Kowalski',
  email: 'jan.kowalski@example.com',
  phone: '+48 600 100 200',
  notify_by_sms: true,
};

/** The public ids of the seeded orders: in 5 days, 20 days ago, in 9 days (one ticket returned). */
export const DEMO_ORDER_HASHES = ['nk5dniknk2bilety', 'nk20dnitemukrak1', 'nk9dnirzeszow2b1'] as const;

/**
 * Demo orders of jan.kowalski@example.com (upcoming, past, and one with a returned ticket), and coupons.
 * The past one was placed before orders were numbered: it has no readable number.
 */
function seed(now: Date = new Date()): Db {
  const db: Db = {
    orders: [],
    coupons: [
      { code: 'LATO2026', initial_value: 2000, current_value: 2000, expires_at: null },
      { code: 'PROMO10', initial_value: 1000, current_value: 1000, expires_at: null },
      { code: 'WYKORZYSTANY', initial_value: 1500, current_value: 0, expires_at: null },
      { code: 'ZIMA2025', initial_value: 2000, current_value: 2000, expires_at: '2025-03-01T00:00:00Z' },
      { code: 'NAGRODA-7Q2K', initial_value: 2000, current_value: 1200, expires_at: null },
    ],
    answers: {},
    nextOrder: 101,
    nextTicket: 101,
  };
  const today = warsawToday(now);
  const trips: { day: string; line: number; time: string; from: number; to: number; tickets: { qty: number; discount_id: number | null }[]; returnOne?: boolean; unnumbered?: boolean }[] = [
    { day: addDays(today, 5), line: 1, time: '07:30', from: 1, to: 11, tickets: [{ qty: 1, discount_id: null }, { qty: 1, discount_id: 7 }] },
    { day: addDays(today, -20), line: 2, time: '15:00', from: 11, to: 1, tickets: [{ qty: 1, discount_id: null }], unnumbered: true },
    { day: addDays(today, 9), line: 3, time: '09:40', from: 12, to: 1, tickets: [{ qty: 2, discount_id: null }], returnOne: true },
  ];
  for (const [index, trip] of trips.entries()) {
    const connection = connectionFor(courseId(trip.line, trip.day, trip.time), trip.from, trip.to);
    if (!connection) continue;
    const placed = new Date(Math.min(now.getTime(), new Date(connection.departure_at).getTime()) - 3 * 86_400_000);
    const order = createOrder(db, {
      user_id: DEMO_USER_ID,
      customer: JAN,
      invoice: null,
      outbound: connection,
      back: null,
      tickets: trip.tickets,
      coupon: null,
      origin: '',
      now: placed,
      hashId: DEMO_ORDER_HASHES[index],
      unnumbered: trip.unnumbered,
    });
    markPaid(db, order, new Date(placed.getTime() + 5 * 60_000));
    if (trip.returnOne && order.tickets[1]) order.tickets[1].status = 'returned';
  }
  return db;
}
