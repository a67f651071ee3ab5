// Keeps the ticket lines priced: whenever a line's quantity or discount changes (after a short pause),
// the backend recalculates and its answer replaces the lines (spec §4).
import { useEffect, useMemo, useState } from 'react';

import { useTicketPrices } from '../api/calculate-tickets';
import { useBookingStore } from '../stores/booking-store';
import { MAX_QTY_PER_LINE } from '../utils/order-validation';

const DEBOUNCE_MS = 250;

export function useTicketRecalculation() {
  const course = useBookingStore((state) => state.course);
  const courseReturn = useBookingStore((state) => state.courseReturn);
  const tickets = useBookingStore((state) => state.tickets);
  const setTickets = useBookingStore((state) => state.setTickets);

  // Only what changes the price; a new answer (prices) must not ask again.
  const linesKey = JSON.stringify(tickets.map((line) => [line.qty, line.discount_id]));
  const [debouncedKey, setDebouncedKey] = useState(linesKey);
  useEffect(() => {
    const timer = setTimeout(() => setDebouncedKey(linesKey), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [linesKey]);

  const input = useMemo(() => {
    if (!course) return null;
    const lines = (JSON.parse(debouncedKey) as [number, number | null][]).map(([qty, discount_id]) => ({ qty, discount_id }));
    const valid = lines.length > 0 && lines.every((line) => Number.isInteger(line.qty) && line.qty >= 1 && line.qty <= MAX_QTY_PER_LINE);
    return valid ? { tickets: lines, course, courseReturn } : null;
  }, [course, courseReturn, debouncedKey]);

  const prices = useTicketPrices(input);
  const upToDate = !prices.isPlaceholderData && debouncedKey === linesKey;

  useEffect(() => {
    if (!prices.data || prices.isPlaceholderData) return;
    const current = useBookingStore.getState().tickets;
    const answered = JSON.stringify(prices.data.tickets.map((line) => [line.qty, line.discount_id]));
    // An answer for lines that have changed since is stale: the next one is on its way.
    if (answered !== JSON.stringify(current.map((line) => [line.qty, line.discount_id]))) return;
    setTickets(prices.data.tickets, prices.data.total);
  }, [prices.data, prices.isPlaceholderData, setTickets]);

  return { isCalculating: prices.isFetching || !upToDate, error: prices.error };
}
