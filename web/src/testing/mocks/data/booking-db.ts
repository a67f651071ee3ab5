// The mock backend's memory of orders and coupons. It lives in sessionStorage, not in a variable:
// in `npm run dev:mock` the payment redirect reloads the page (and the MSW worker with it), and the
// order must still be there when the customer comes back. Tests start from the seed every time (the
// test setup clears sessionStorage after each test).
import { seed } from './booking-seed';
import type { Db } from './booking-types';
import { ticketLeg } from './orders';

const STORAGE_KEY = 'nisko-bus.mock-booking-db';

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
