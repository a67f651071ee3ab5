import { StopListEntry } from '@/shared/api/limits.gen';

/** A stop row of the route editor. */
export interface StopRow {
  key: string;
  id?: number;
  waypointId: number;
  name: string;
  minutes: string;
}

/** The most minutes from the first stop the server takes (`save-list`: its document's `StopListEntry`). */
export const MAX_MINUTES: number = StopListEntry.minutes_from_start.maximum;

/** The rows valid to save: minutes whole numbers, 0 at the first stop, then increasing, at most {@link MAX_MINUTES}. */
export function minutesValid(rows: StopRow[]): boolean {
  return rows.every((row, index) => {
    const minutes = Number(row.minutes);
    const previous = index === 0 ? -1 : Number(rows[index - 1]?.minutes);
    const first = index > 0 || minutes === 0;
    return row.minutes.trim() !== '' && Number.isInteger(minutes) && first && minutes <= MAX_MINUTES && minutes > previous;
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
