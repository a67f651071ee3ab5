// The trip of a sale at the office as the form holds it (route, stops, days, chosen courses and the
// passengers' lines), and what the API is asked for it.
import type { Connection, SaleSearch } from './sale-services';

export interface SaleLine {
  qty: string;
  discount_id: string;
}

export interface SaleTrip {
  route_id: string;
  from: string;
  to: string;
  date: string;
  round_trip: boolean;
  date_back: string;
  course: Connection | null;
  back: Connection | null;
  lines: SaleLine[];
}

export const emptyTrip = (today: string): SaleTrip => ({
  route_id: '',
  from: '',
  to: '',
  date: today,
  round_trip: false,
  date_back: today,
  course: null,
  back: null,
  lines: [{ qty: '1', discount_id: '' }],
});

/** The search for the trip's stops and days, or null while something is missing. */
export function tripSearch(trip: SaleTrip): SaleSearch | null {
  if (!trip.route_id || !trip.from || !trip.to || trip.from === trip.to || !trip.date) return null;
  if (trip.round_trip && !trip.date_back) return null;
  return {
    tripMode: trip.round_trip ? 'round_trip' : 'one_way',
    start: Number(trip.from),
    end: Number(trip.to),
    date: trip.date,
    ...(trip.round_trip ? { dateBack: trip.date_back } : {}),
  };
}

/** The ticket lines as the API takes them, or null while one is not a whole number of passengers. */
export function tripTickets(trip: SaleTrip): { qty: number; discount_id: number | null }[] | null {
  const lines = trip.lines.map((line) => ({ qty: Number(line.qty), discount_id: line.discount_id ? Number(line.discount_id) : null }));
  return lines.length > 0 && lines.every((line) => Number.isInteger(line.qty) && line.qty >= 1 && line.qty <= 50) ? lines : null;
}
