// The mock backend's cancelled and late courses (issue 28), in sessionStorage like the booking
// database (tests start empty: the setup clears it after each test). An admin's cancel or delay is
// kept per course and seen by the search, the ticket pages and the driver's list. No imports from the
// catalogue, which reads it (data/disruptions.ts builds the passenger's offers on top).
import type { ApiSchema } from '@/shared/api/schema';

export type Passenger = ApiSchema<'DisruptionPassenger'>;
export type Offer = ApiSchema<'DisruptionOffer'>;
export type Chosen = NonNullable<Offer['chosen']>;

export interface MockCourseDisruption {
  status: 'delayed' | 'cancelled';
  reason: string;
  delay_minutes: number | null;
  changed_at: string;
  changed_by: string;
  passengers: Passenger[];
  /** A cancellation from this stop onward (issue 39); absent or null: the whole course. */
  from_waypoint_id?: number | null;
}

interface State {
  courses: Record<string, MockCourseDisruption>;
  chosen: Record<string, Chosen>;
}

const STORAGE_KEY = 'nisko-bus.mock-disruptions';
let memory: State | null = null;

function empty(): State {
  return { courses: {}, chosen: {} };
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readDisruptions(): State {
  const store = storage();
  if (!store) return (memory ??= empty());
  try {
    return (JSON.parse(store.getItem(STORAGE_KEY) ?? 'null') as State | null) ?? empty();
  } catch {
    return empty();
  }
}

/** Back to no disruptions (tests, after each: see `resetMockState`). */
export function resetDisruptions(): void {
  memory = null;
  storage()?.removeItem(STORAGE_KEY);
}

export function withDisruptions<T>(change: (state: State) => T): T {
  const state = readDisruptions();
  const result = change(state);
  const store = storage();
  if (store) store.setItem(STORAGE_KEY, JSON.stringify(state));
  else memory = state;
  return result;
}

/** A course's cancellation or delay, if any. */
export function courseDisruption(id: string): MockCourseDisruption | undefined {
  return readDisruptions().courses[id];
}

/** The passengers' choice stays open this long after the announcement (issue 39). */
export const CHOICE_WINDOW_MS = 14 * 86_400_000;

/** A delay from this many minutes offers the choice. */
export const CHOICE_DELAY_MINUTES = 120;

/**
 * A ticket's disruption as success-data and my-tickets give it (`TicketDisruption`): what happened, the
 * first stop's expected departure of a late course (`departureAt` is the leg's), the choice and its
 * deadline (14 days after the announcement); the mock's link is the demo one.
 */
export function ticketDisruptionOf(courseId: string, departureAt: string, ticketStatus: string) {
  const found = courseDisruption(courseId);
  if (!found) return null;
  const cancelled = found.status === 'cancelled';
  if (!cancelled && ticketStatus === 'returned') return null;
  const offered = cancelled || (found.delay_minutes ?? 0) >= CHOICE_DELAY_MINUTES;
  const until = new Date(Date.parse(found.changed_at) + CHOICE_WINDOW_MS).toISOString();
  const delay = cancelled ? null : found.delay_minutes;
  return {
    status: found.status,
    reason: found.reason,
    delay_minutes: delay,
    expected_departure_at: delay === null ? null : new Date(Date.parse(departureAt) + delay * 60_000).toISOString(),
    choice_open: offered && ticketStatus === 'valid' && Date.now() < Date.parse(until),
    choice_until: offered ? until : null,
    // The demo links of data/disruptions.ts that match it.
    token: cancelled ? 'demo-odwolany' : offered ? 'demo-opozniony-dlugo' : 'demo-opozniony',
  };
}

/** The search's and the driver's fields of a course. */
export function disruptionFields(id: string) {
  const found = courseDisruption(id);
  return {
    cancelled: found?.status === 'cancelled',
    delay_minutes: found?.status === 'delayed' ? found.delay_minutes : null,
  };
}

