// The trip of a sale at the office as the form holds it (route, stops, days, chosen courses and the
// passengers' lines with their names), and what the API is asked for it.
import type { Connection, SaleSearch } from './sale-services';

export interface SaleLine {
  qty: string;
  discount_id: string;
  /** The passengers' names seat by seat, as typed (a sale of several seats asks each). */
  passengers: string[];
}

/** The most passengers on a line, as the API takes them. */
export const MAX_LINE_QTY = 50;

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

export const emptyLine = (): SaleLine => ({ qty: '1', discount_id: '', passengers: [] });

export const emptyTrip = (today: string): SaleTrip => ({
  route_id: '',
  from: '',
  to: '',
  date: today,
  round_trip: false,
  date_back: today,
  course: null,
  back: null,
  lines: [emptyLine()],
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

/** The ticket lines as the API prices them, or null while one is not a whole number of passengers. */
export function tripTickets(trip: SaleTrip): { qty: number; discount_id: number | null }[] | null {
  const lines = trip.lines.map((line) => ({ qty: Number(line.qty), discount_id: line.discount_id ? Number(line.discount_id) : null }));
  return lines.length > 0 && lines.every((line) => Number.isInteger(line.qty) && line.qty >= 1 && line.qty <= MAX_LINE_QTY) ? lines : null;
}

/** A line's seats: its whole number of passengers (0 while it is not one). */
export function lineSeats(line: SaleLine): number {
  const qty = Number(line.qty);
  return Number.isInteger(qty) && qty >= 1 ? Math.min(qty, MAX_LINE_QTY) : 0;
}

/** Whether the sale asks each passenger's name: it has more than one seat (a single one is the buyer's). */
export function asksNames(trip: SaleTrip): boolean {
  return trip.lines.reduce((seats, line) => seats + lineSeats(line), 0) > 1;
}

/**
 * The names a line sends, seat by seat: trimmed, one per seat at most, the empty ones at the end left
 * out (a seat without a name travels under the buyer's, as on the customer's site).
 */
export function lineNames(line: SaleLine): string[] {
  const names = line.passengers.slice(0, lineSeats(line)).map((name) => name.trim());
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  return names;
}

/** The ticket lines as the sale sends them: with each line's passengers' names when the sale asks them. */
export function saleTickets(trip: SaleTrip): { qty: number; discount_id: number | null; passengers?: string[] }[] | null {
  const tickets = tripTickets(trip);
  if (!tickets || !asksNames(trip)) return tickets;
  return tickets.map((ticket, index) => {
    const line = trip.lines[index];
    const names = line ? lineNames(line) : [];
    return names.length > 0 ? { ...ticket, passengers: names } : ticket;
  });
}
