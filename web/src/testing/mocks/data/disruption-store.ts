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

/** The search's and the driver's fields of a course. */
export function disruptionFields(id: string) {
  const found = courseDisruption(id);
  return {
    cancelled: found?.status === 'cancelled',
    delay_minutes: found?.status === 'delayed' ? found.delay_minutes : null,
  };
}

