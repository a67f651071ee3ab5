// The order being put together (spec §3 "Booking state"): the chosen courses, the ticket lines, the
// customer, the optional invoice, the discounts on offer and the coupon; then the placed order that
// the payment page shows. Kept in sessionStorage, so a reload of /order/ticket or /order/payment keeps
// everything, and a new tab starts clean.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** A course between two stops, as the search found it (the backend reads the course and stop ids). */
export interface BookingCourse {
  course_id: string;
  route_id: number;
  route_name: string;
  from: { id: number; name: string };
  to: { id: number; name: string };
  departure_at: string;
  arrival_at: string;
  duration_minutes: number;
  /** Grosz, one passenger, full fare. */
  price: number;
  seats_available: number;
}

/** A ticket line: `qty` passengers with the same discount. Prices come from the recalculation. */
export interface TicketLine {
  qty: number;
  discount_id: number | null;
  /** Per passenger, both legs, after the discount (grosz). */
  price: number;
  total: number;
  total_formatted: string;
}

export type Flag = 0 | 1;

export interface Customer {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  consent_statute: Flag;
  consent_gdpr: Flag;
  notify_by_sms: Flag;
  /** The logged-in user's id, when there is one. */
  id: string | null;
}

export interface Invoice {
  is_selected: Flag;
  country: string;
  vat_number: string;
  company_name: string;
  address: string;
  postal_code: string;
  city: string;
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

/** What placing the order answered; the payment page needs it. */
export interface PlacedOrder {
  order_id: string;
  hash_id: string;
  /** The readable order number people see; the hash stays in links. */
  number: string;
  status: string;
  total: number;
  coupon_amount: number;
  to_pay: number;
  expires_at: string;
  payment_url: string | null;
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
  order: PlacedOrder | null;
}

interface BookingActions {
  /** Starts an order for the chosen courses: new tickets, the customer and invoice data stay. */
  chooseCourses: (course: BookingCourse, courseReturn: BookingCourse | null) => void;
  setTickets: (tickets: TicketLine[], total?: number) => void;
  addTicket: () => void;
  removeTicket: (index: number) => void;
  /** Changes a line's quantity or discount; its price is unknown until the next recalculation. */
  updateTicket: (index: number, patch: Partial<Pick<TicketLine, 'qty' | 'discount_id'>>) => void;
  setCustomer: (patch: Partial<Customer>) => void;
  setInvoice: (patch: Partial<Invoice>) => void;
  setDiscounts: (discounts: DiscountOption[]) => void;
  setCoupon: (coupon: Coupon) => void;
  clearCoupon: () => void;
  setPlaceAttempt: (attempt: PlaceAttempt | null) => void;
  setOrder: (order: PlacedOrder) => void;
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
    order: null,
  };
}

export const useBookingStore = create<BookingState>()(
  persist(
    (set) => ({
      ...initialData(),
      chooseCourses: (course, courseReturn) =>
        set({ course, courseReturn, tickets: [newTicketLine()], total: 0, placeAttempt: null, order: null }),
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
      setOrder: (order) => set({ order, placeAttempt: null }),
      reset: () => set(initialData()),
    }),
    {
      name: 'nisko-bus.booking',
      storage: createJSONStorage(() => sessionStorage),
      version: 1,
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
        order: state.order,
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
