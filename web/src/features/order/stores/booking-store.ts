// The order being put together (docs/web.md, 'The booking state'): the chosen courses, the ticket lines, the
// customer, the optional invoice, the discounts on offer and the coupon; then which order it was placed
// as (the order itself is server data: a query, see api/get-order.ts). Kept in sessionStorage, so a
// reload of /order/ticket or /order/payment keeps everything, and a new tab starts clean.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

import type { BookingCourse, Customer, Invoice } from '../api/place-order';

export type { BookingCourse, Customer, Flag, Invoice } from '../api/place-order';

/** A ticket line: `qty` passengers with the same discount. Prices come from the recalculation. */
export interface TicketLine {
  qty: number;
  discount_id: number | null;
  /** Per passenger, both legs, after the discount (grosz). */
  price: number;
  total: number;
  total_formatted: string;
  /** The passengers' names seat by seat (optional; an empty one: the buyer). Absent in older drafts. */
  passengers?: string[];
}




export interface DiscountOption {
  id: number;
  name: string;
  name_en: string;
}

export interface Coupon {
  code: string | null;
  /** What is left on the coupon (grosz). */
  value: number;
}


/** A submit attempt's Idempotency-Key, with the exact body it was sent with (a retry resends both). */
export interface PlaceAttempt {
  key: string;
  body: string;
}

export const DEFAULT_QTY = 1;

export function newTicketLine(): TicketLine {
  return { qty: DEFAULT_QTY, discount_id: null, price: 0, total: 0, total_formatted: '' };
}

const initialCustomer: Customer = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  consent_statute: 0,
  consent_gdpr: 0,
  notify_by_sms: 0,
  id: null,
};

const initialInvoice: Invoice = {
  is_selected: 0,
  country: 'PL',
  vat_number: '',
  company_name: '',
  address: '',
  postal_code: '',
  city: '',
};

interface BookingData {
  course: BookingCourse | null;
  courseReturn: BookingCourse | null;
  tickets: TicketLine[];
  /** The sum of the lines, from the last recalculation (grosz). */
  total: number;
  customer: Customer;
  invoice: Invoice;
  discounts: DiscountOption[];
  coupon: Coupon;
  placeAttempt: PlaceAttempt | null;
  /**
   * The order this draft was placed as (its hash id): the payment page reads it through the order
   * query (`placedOrderQueryOptions`), the order form offers to go back to paying it.
   */
  placedHashId: string | null;
}

interface BookingActions {
  /** Starts an order for the chosen courses: new tickets, the customer and invoice data stay. */
  chooseCourses: (course: BookingCourse, courseReturn: BookingCourse | null) => void;
  setTickets: (tickets: TicketLine[], total?: number) => void;
  addTicket: () => void;
  removeTicket: (index: number) => void;
  /** Changes a line's quantity or discount; its price is unknown until the next recalculation. */
  updateTicket: (index: number, patch: Partial<Pick<TicketLine, 'qty' | 'discount_id' | 'passengers'>>) => void;
  setCustomer: (patch: Partial<Customer>) => void;
  setInvoice: (patch: Partial<Invoice>) => void;
  setDiscounts: (discounts: DiscountOption[]) => void;
  setCoupon: (coupon: Coupon) => void;
  clearCoupon: () => void;
  setPlaceAttempt: (attempt: PlaceAttempt | null) => void;
  /** The draft was placed as this order. */
  setPlaced: (hashId: string) => void;
  /** Everything back to the defaults. */
  reset: () => void;
}

export type BookingState = BookingData & BookingActions;

function initialData(): BookingData {
  return {
    course: null,
    courseReturn: null,
    tickets: [newTicketLine()],
    total: 0,
    customer: { ...initialCustomer },
    invoice: { ...initialInvoice },
    discounts: [],
    coupon: { code: null, value: 0 },
    placeAttempt: null,
    placedHashId: null,
  };
}

export const useBookingStore = create<BookingState>()(
  persist(
    (set) => ({
      ...initialData(),
      chooseCourses: (course, courseReturn) =>
        set({ course, courseReturn, tickets: [newTicketLine()], total: 0, placeAttempt: null, placedHashId: null }),
      setTickets: (tickets, total) =>
        set({ tickets, total: total ?? tickets.reduce((sum, line) => sum + line.total, 0) }),
      addTicket: () => set((state) => ({ tickets: [...state.tickets, newTicketLine()] })),
      removeTicket: (index) => set((state) => ({ tickets: state.tickets.filter((_, i) => i !== index) })),
      updateTicket: (index, patch) =>
        set((state) => ({
          tickets: state.tickets.map((line, i) => (i === index ? { ...line, ...patch } : line)),
        })),
      setCustomer: (patch) => set((state) => ({ customer: { ...state.customer, ...patch } })),
      setInvoice: (patch) => set((state) => ({ invoice: { ...state.invoice, ...patch } })),
      setDiscounts: (discounts) => set({ discounts }),
      setCoupon: (coupon) => set({ coupon }),
      clearCoupon: () => set({ coupon: { code: null, value: 0 } }),
      setPlaceAttempt: (placeAttempt) => set({ placeAttempt }),
      setPlaced: (placedHashId) => set({ placedHashId, placeAttempt: null }),
      reset: () => set(initialData()),
    }),
    {
      name: 'nisko-bus.booking',
      storage: createJSONStorage(() => sessionStorage),
      // Version 1 kept the placed order's answer itself; now only its hash id (the rest is a query).
      version: 2,
      migrate: (persisted, version) => {
        const state = persisted as BookingData & { order?: { hash_id: string } | null };
        if (version < 2) return { ...state, placedHashId: state.order?.hash_id ?? null, order: undefined };
        return state;
      },
      partialize: (state): BookingData => ({
        course: state.course,
        courseReturn: state.courseReturn,
        tickets: state.tickets,
        total: state.total,
        customer: state.customer,
        invoice: state.invoice,
        discounts: state.discounts,
        coupon: state.coupon,
        placeAttempt: state.placeAttempt,
        placedHashId: state.placedHashId,
      }),
    },
  ),
);

/** How many passengers the order has. */
export function passengerCount(tickets: readonly TicketLine[]): number {
  return tickets.reduce((sum, line) => sum + (Number.isFinite(line.qty) ? line.qty : 0), 0);
}

/** The coupon's part of the order: never more than the total. */
export function couponAmount(total: number, coupon: Coupon): number {
  return coupon.code ? Math.min(coupon.value, total) : 0;
}
