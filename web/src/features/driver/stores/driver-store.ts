// What the driver's phone keeps between pages and without a network (localStorage): the course's
// passenger list and key as loaded, the tickets boarded on this phone, the check-ins not yet accepted
// by the server (sent in order when the network is back), the server's last answers, and when the
// server recorded each course's departure.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

import type { CheckInBody, Manifest } from '../api/driver-api';

export interface PendingCheckIn {
  check_in_id: string;
  number: string;
  body: CheckInBody;
  /** When the driver let the passenger board (ISO). */
  at: string;
}

export interface SentCheckIn {
  check_in_id: string;
  number: string;
  /** Accepted by the server, or refused (with its message): the driver's phone thought otherwise. */
  accepted: boolean;
  message: string | null;
}

interface DriverState {
  manifest: Manifest | null;
  loadedAt: string | null;
  /** Numbers boarded on this phone since the list was loaded. */
  boarded: string[];
  queue: PendingCheckIn[];
  /** The server's answers, newest first (the last 20). */
  sent: SentCheckIn[];
  /** When each course left, as the server recorded it (by course id; the last few). */
  departed: Record<string, string>;
  load: (manifest: Manifest) => void;
  markDeparted: (courseId: string, at: string) => void;
  board: (check: PendingCheckIn) => void;
  settle: (answer: SentCheckIn) => void;
  leaveCourse: () => void;
}

export const DRIVER_STORAGE_KEY = 'nisko-bus.driver';

/** The departures the phone remembers (the day's courses of one driver). */
const DEPARTURES_KEPT = 20;

export const useDriverStore = create<DriverState>()(
  persist(
    (set) => ({
      manifest: null,
      loadedAt: null,
      boarded: [],
      queue: [],
      sent: [],
      departed: {},
      // A list loaded again keeps what this phone boarded that the server has not heard of yet.
      load: (manifest) =>
        set((state) => ({
          manifest,
          loadedAt: new Date().toISOString(),
          boarded: state.manifest?.course.course_id === manifest.course.course_id ? state.queue.map((c) => c.number) : [],
        })),
      board: (check) => set((state) => ({ boarded: [...state.boarded, check.number], queue: [...state.queue, check] })),
      settle: (answer) =>
        set((state) => ({
          queue: state.queue.filter((c) => c.check_in_id !== answer.check_in_id),
          sent: [answer, ...state.sent].slice(0, 20),
        })),
      markDeparted: (courseId, at) =>
        set((state) => {
          const kept: [string, string][] = Object.entries(state.departed).filter(([id]) => id !== courseId);
          return { departed: Object.fromEntries([...kept, [courseId, at] as [string, string]].slice(-DEPARTURES_KEPT)) };
        }),
      // The queue stays: check-ins of the last course are still sent.
      leaveCourse: () => set({ manifest: null, loadedAt: null, boarded: [] }),
    }),
    { name: DRIVER_STORAGE_KEY, storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);
