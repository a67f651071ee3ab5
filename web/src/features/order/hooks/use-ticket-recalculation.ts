// Keeps the ticket lines priced: whenever a line's quantity or discount changes (after a short pause),
// the backend recalculates and its answer replaces the lines (docs/web.md, 'Live prices').
import { useEffect, useMemo, useState } from 'react';

import { useTicketPrices, type CalculateInput, type TicketPrices } from '../api/calculate-tickets';
import { useBookingStore, type BookingCourse } from '../stores/booking-store';
import { MAX_QTY_PER_LINE } from '../utils/order-validation';

const DEBOUNCE_MS = 250;

type LineKey = [qty: number, discountId: number | null];

/** What decides a price: each line's quantity and discount, as a comparable string. */
function linesKeyOf(lines: readonly { qty: number; discount_id?: number | null }[]): string {
  return JSON.stringify(lines.map((line): LineKey => [line.qty, line.discount_id ?? null]));
}

/** The recalculation request for these lines, or null while they cannot be priced (no course, a bad quantity). */
export function priceInput(
  course: BookingCourse | null,
  courseReturn: BookingCourse | null,
  linesKey: string,
): CalculateInput | null {
  if (!course) return null;
  const lines = (JSON.parse(linesKey) as LineKey[]).map(([qty, discount_id]) => ({ qty, discount_id }));
  const valid = lines.length > 0 && lines.every((line) => Number.isInteger(line.qty) && line.qty >= 1 && line.qty <= MAX_QTY_PER_LINE);
  return valid ? { tickets: lines, course, courseReturn } : null;
}

/** The request for the booking's lines as they are now (the order page's loader asks it early). */
export function currentPriceInput(): CalculateInput | null {
  const { course, courseReturn, tickets } = useBookingStore.getState();
  return priceInput(course, courseReturn, linesKeyOf(tickets));
}

/**
 * Puts an answer's prices on the lines, unless the lines changed since it was asked (then the next
 * answer is on its way) or they already carry exactly these prices (no needless re-render).
 */
export function applyTicketPrices(prices: TicketPrices): void {
  const { tickets, total, setTickets } = useBookingStore.getState();
  if (linesKeyOf(prices.tickets) !== linesKeyOf(tickets)) return;
  const unchanged =
    total === prices.total &&
    tickets.every((line, i) => {
      const priced = prices.tickets[i];
      return line.price === priced?.price && line.total === priced.total && line.total_formatted === priced.total_formatted;
    });
  if (unchanged) return;
  // The names are the form's own: the prices' answer does not carry them.
  const lines = prices.tickets.map(({ qty, discount_id, price, total: lineTotal, total_formatted }, i) => ({
    qty,
    discount_id: discount_id ?? null,
    price,
    total: lineTotal,
    total_formatted,
    ...(tickets[i]?.passengers ? { passengers: tickets[i].passengers } : {}),
  }));
  setTickets(lines, prices.total);
}

export function useTicketRecalculation() {
  const course = useBookingStore((state) => state.course);
  const courseReturn = useBookingStore((state) => state.courseReturn);
  const tickets = useBookingStore((state) => state.tickets);

  // Only what changes the price; a new answer (prices) must not ask again.
  const linesKey = linesKeyOf(tickets);
  const [debouncedKey, setDebouncedKey] = useState(linesKey);
  useEffect(() => {
    const timer = setTimeout(() => setDebouncedKey(linesKey), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [linesKey]);

  const input = useMemo(() => priceInput(course, courseReturn, debouncedKey), [course, courseReturn, debouncedKey]);

  const prices = useTicketPrices(input);
  const upToDate = !prices.isPlaceholderData && debouncedKey === linesKey;

  useEffect(() => {
    if (prices.data && !prices.isPlaceholderData) applyTicketPrices(prices.data);
  }, [prices.data, prices.isPlaceholderData]);

  return { isCalculating: prices.isFetching || !upToDate, error: prices.error };
}
