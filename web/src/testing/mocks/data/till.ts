// The mock's till (docs/till.md): the movements of the desk (the office's sales paid in cash or on the card
// terminal, the refunds paid out there, cash put in or taken out), each day's figures and close, and the
// refunds waiting at the desk, derived from the mock's orders (`db.admin`) and its own records (`db.till`).
// Simpler than the server: a movement counts on its own Warsaw day.
import { warsawDate } from '@/shared/lib/warsaw-time';

import type { Db, MockRefund, MockTill } from './booking-types';
import { adminOf } from './order-admin';

export const DESK_ADMIN = 'admin@example.com';

export function tillOf(db: Db): MockTill {
  db.till ??= { corrections: [], closings: {} };
  return db.till;
}

const dayOf = (instant: string) => warsawDate(new Date(instant));

export interface MockMovement {
  movement_id: string;
  at: string;
  kind: 'sale' | 'refund' | 'cash_in' | 'cash_out';
  method: 'cash' | 'card_terminal';
  amount: number;
  order_id: string | null;
  order_number: string;
  note: string;
  by: string;
}

/** Whether a refund is owed at the desk (paid there), and how it goes back. */
export const deskMethod = (refund: MockRefund): 'cash' | 'card_terminal' | null =>
  refund.status === 'at_office' ? 'cash' : refund.status === 'at_terminal' ? 'card_terminal' : null;

/** Every movement of the desk, oldest first. */
export function allMovements(db: Db): MockMovement[] {
  const movements: MockMovement[] = [];
  for (const order of db.orders) {
    const admin = db.admin?.[order.id];
    const method = admin?.payment_method;
    if (!admin || (method !== 'cash' && method !== 'card_terminal')) continue;
    if (order.paid_at && order.to_pay > 0) {
      movements.push({ movement_id: `${order.id.slice(0, 24)}00000000000a`, at: order.paid_at, kind: 'sale', method, amount: order.to_pay, order_id: order.id, order_number: order.number ?? order.hash_id, note: '', by: DESK_ADMIN });
    }
    for (const refund of admin.refunds) {
      const how = deskMethod(refund);
      if (!how || !refund.paid_out_at) continue;
      movements.push({ movement_id: refund.refund_id, at: refund.paid_out_at, kind: 'refund', method: how, amount: -refund.amount, order_id: order.id, order_number: order.number ?? order.hash_id, note: refund.reason, by: refund.paid_out_by ?? DESK_ADMIN });
    }
  }
  for (const correction of tillOf(db).corrections) {
    movements.push({ movement_id: correction.movement_id, at: correction.at, kind: correction.amount > 0 ? 'cash_in' : 'cash_out', method: 'cash', amount: correction.amount, order_id: null, order_number: '', note: correction.reason, by: correction.by });
  }
  return movements.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** The refunds waiting at the desk, whatever their day, the oldest first. */
export function waitingRefunds(db: Db) {
  const waiting = [];
  for (const order of db.orders) {
    for (const refund of db.admin?.[order.id]?.refunds ?? []) {
      const method = deskMethod(refund);
      if (!method || refund.paid_out_at) continue;
      waiting.push({ refund_id: refund.refund_id, order_id: order.id, order_number: order.number ?? order.hash_id, amount: refund.amount, method, reason: refund.reason, created_at: refund.created_at });
    }
  }
  return waiting.sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
}

const cashOf = (movements: MockMovement[]) => movements.filter((m) => m.method === 'cash').reduce((sum, m) => sum + m.amount, 0);

/** A day of the till (`TillDayView`). */
export function tillDay(db: Db, day: string) {
  const all = allMovements(db);
  const closings = tillOf(db).closings;
  const closedBefore = Object.keys(closings).filter((closed) => closed < day).sort().at(-1);
  const sinceClose = all.filter((m) => dayOf(m.at) < day && (!closedBefore || dayOf(m.at) > closedBefore));
  const opening = (closedBefore ? (closings[closedBefore]?.counted_cash ?? 0) : 0) + cashOf(sinceClose);
  const movements = all.filter((m) => dayOf(m.at) === day);
  const sum = (kind: MockMovement['kind'], method: MockMovement['method']) =>
    movements.filter((m) => m.kind === kind && m.method === method).reduce((total, m) => total + m.amount, 0);
  const corrections = movements.filter((m) => m.kind === 'cash_in' || m.kind === 'cash_out').reduce((total, m) => total + m.amount, 0);
  const closing = closings[day] ?? null;
  return {
    day,
    closed: closing !== null,
    opening_cash: opening,
    cash_sales: sum('sale', 'cash'),
    cash_refunds: -sum('refund', 'cash'),
    cash_corrections: corrections,
    card_sales: sum('sale', 'card_terminal'),
    card_refunds: -sum('refund', 'card_terminal'),
    expected_cash: closing ? closing.expected_cash : opening + cashOf(movements),
    movements,
    closing,
    waiting_refunds: waitingRefunds(db),
  };
}

/** The cash report as CSV (UTF-8 with BOM, semicolons, złoty with a comma), as the server writes it. */
export function reportCsv(db: Db, day: string): string {
  const view = tillDay(db, day);
  const zloty = (grosz: number) => `${grosz < 0 ? '-' : ''}${Math.trunc(Math.abs(grosz) / 100)},${String(Math.abs(grosz) % 100).padStart(2, '0')}`;
  const lines = [
    `Raport kasowy RK/${day};;;;;;`,
    'Godzina;Dokument;Opis;Sposób;Przychód;Rozchód;Kto',
    ...view.movements.map((m) => [m.at.slice(11, 16), m.order_number || (m.amount > 0 ? 'KP' : 'KW'), m.note, m.method === 'cash' ? 'gotówka' : 'terminal', m.amount > 0 ? zloty(m.amount) : '', m.amount < 0 ? zloty(-m.amount) : '', m.by].join(';')),
    `Stan na koniec dnia;;;;${zloty(view.expected_cash)};;`,
    'To nie jest dokument fiskalny.;;;;;;',
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The refund the tests and the contract cases put waiting at the desk (`waitAtDesk`). */
export const DEMO_DESK_REFUND = '0de5c000-0000-4000-8000-000000000001';

/**
 * Makes `orderId` a desk sale paid by `method` whose refund of `amount` waits at the desk (as a return or
 * a cancellation of it would leave it), for the tests.
 */
export function waitAtDesk(db: Db, orderId: string, { method = 'cash', amount = 1000, refundId = DEMO_DESK_REFUND }: { method?: 'cash' | 'card_terminal'; amount?: number; refundId?: string } = {}) {
  const order = db.orders.find((candidate) => candidate.id === orderId);
  if (!order) throw new Error(`no order ${orderId}`);
  const admin = adminOf(db, order);
  admin.payment_method = method;
  admin.refunds.push({
    refund_id: refundId,
    reason: `Zwrot biletu ${order.tickets[0]?.number ?? ''}`,
    amount,
    status: method === 'cash' ? 'at_office' : 'at_terminal',
    attempts: 0,
    last_error: null,
    created_at: new Date(Date.now() - 3_600_000).toISOString(),
    sent_at: null,
    paid_out_at: null,
  });
  return { order, refundId };
}
