// What the office sale borrows from the customer's booking: the connection search and the discounts
// and prices of the order form. Features do not import each other, so the app shell hands these in
// (app/routes/admin-panel.tsx) and the panel reads them from this context.
import { createContext, useContext } from 'react';

import type { ApiSchema } from '@/shared/api/schema';

export type Connection = ApiSchema<'Connection'>;
export type Discount = ApiSchema<'Discount'>;
export type CheckedCoupon = ApiSchema<'CouponAnswer'>;

export interface SaleSearch {
  tripMode: 'one_way' | 'round_trip';
  start: number;
  end: number;
  date: string;
  dateBack?: string;
}

export type SaleCourse = Pick<
  Connection,
  'course_id' | 'route_id' | 'route_name' | 'from' | 'to' | 'departure_at' | 'arrival_at' | 'duration_minutes' | 'price' | 'seats_available'
>;

export interface SaleServices {
  searchConnections: (input: SaleSearch) => Promise<ApiSchema<'SearchResult'>>;
  getDiscounts: () => Promise<Discount[]>;
  calculateTickets: (input: {
    tickets: { qty: number; discount_id: number | null }[];
    course: SaleCourse;
    courseReturn: SaleCourse | null;
  }) => Promise<ApiSchema<'Priced'>>;
  /** Whether a coupon code can be used now, and what is left on it; rejects one that cannot. */
  checkCoupon: (code: string) => Promise<CheckedCoupon>;
}

export const SaleServicesContext = createContext<SaleServices | null>(null);

export function useSaleServices(): SaleServices {
  const services = useContext(SaleServicesContext);
  if (!services) throw new Error('The office sale needs the booking services (AdminApp `services`).');
  return services;
}
