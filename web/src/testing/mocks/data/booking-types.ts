// The shapes of the mock backend's stored orders and coupons (what booking-db.ts keeps in sessionStorage).

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
  status: 'valid' | 'returned' | 'cancelled';
  course_changed: boolean;
  /** The ticket's own course after a change of course; until then, its leg of the order. */
  course?: MockLeg;
  /** A change to a dearer course waiting for its difference: paid after `polls` more reads of the options. */
  pending_change?: { course: MockLeg; price: number; difference: number; pay_by: string; payment_url: string; polls: number };
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

/** What an admin did to an order, and what the mock keeps for the admin's view (order-admin.ts). */
export interface MockAdminEvent {
  type: string;
  at: string;
  summary: string;
  summary_en: string;
  data: Record<string, unknown>;
  /** The event's stream when not the order's (`messages`). */
  stream?: string;
}

export interface MockRefund {
  refund_id: string;
  reason: string;
  amount: number;
  status: 'pending' | 'sent' | 'refused' | 'at_office' | 'at_terminal';
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  paid_out_at?: string | null;
  paid_out_by?: string;
}

/** The till's own records (the mock's `till-{day}` streams): cash put in or taken out, and each day's close. */
export interface MockTill {
  corrections: { movement_id: string; at: string; amount: number; reason: string; by: string }[];
  closings: Record<string, { closed_at: string; expected_cash: number; counted_cash: number; difference: number; reason: string | null; z_report: string; by: string }>;
}

export interface MockOrderAdmin {
  payment_method: 'online' | 'cash' | 'card_terminal';
  events: MockAdminEvent[];
  cancelled: { at: string; reason: string; refund: number; coupon_refund: number } | null;
  /** Its refunds: through the gateway, or owed at the desk (`at_office` in cash, `at_terminal` to the card)
   * until paid out there (`paid_out_at`). */
  refunds: MockRefund[];
  /** Corrections an admin's change of issued invoice data made: when, and why. */
  corrections: { at: string; reason: string }[];
}

export interface Db {
  /** The admin's side of orders, by order id (absent: an online order nobody touched). */
  admin?: Record<string, MockOrderAdmin>;
  /** The till (absent: nothing recorded at the desk yet). */
  till?: MockTill;
  orders: MockOrder[];
  coupons: MockCoupon[];
  /** Idempotency-Key -> the first answer. */
  answers: Record<string, { status: number; body: unknown; request: string }>;
  nextOrder: number;
  nextTicket: number;
  /** Tickets a driver checked in, by number (absent: nobody boarded yet). */
  checkIns?: Record<string, { at: string; check_in_id: string }>;
  /** When a driver marked a course as having left, by course id (issue 39; the first mark stands). */
  departures?: Record<string, string>;
}

