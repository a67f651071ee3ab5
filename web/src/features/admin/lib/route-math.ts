/** A stop row of the route editor. */
export interface StopRow {
  key: string;
  id?: number;
  waypointId: number;
  name: string;
  minutes: string;
}

/** Stops are parked above this position and minute while a new order is written (route-stops.tsx). */
export const PARK = 5000;

/** The rows valid to save: minutes whole numbers, increasing, below the parking offset. */
export function minutesValid(rows: StopRow[]): boolean {
  return rows.every((row, index) => {
    const minutes = Number(row.minutes);
    const previous = index === 0 ? -1 : Number(rows[index - 1]?.minutes);
    return row.minutes.trim() !== '' && Number.isInteger(minutes) && minutes >= 0 && minutes < PARK && minutes > previous;
  });
}

/** The price of a stretch from a rate per minute (grosz), rounded to 10 grosz, never below the minimum. */
export function priceFromRate(minutes: number, ratePerMinute: number, minimum: number): number {
  return Math.max(minimum, Math.round((minutes * ratePerMinute) / 10) * 10);
}

export function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
