// The search that found the chosen courses, as a link to /search: "Zmień połączenie" on the order form
// and "search again" on an expired reservation show the results of that very search (stops, dates,
// trip mode), not an empty search. The query's names are the search page's
// (features/search/utils/search-params.ts: `?tripMode=&start=&end=&date=&dateBack=`).
import { warsawDate } from '@/shared/lib/warsaw-time';

import type { BookingCourse } from '../stores/booking-store';

interface Leg {
  from: Pick<BookingCourse['from'], 'id'>;
  to: Pick<BookingCourse['to'], 'id'>;
  departure_at: string;
}

/** `/search?…` (unlocalised) for the outbound course and, for a round trip, the return course. */
export function searchAgainPath(course: Leg, courseReturn: Leg | null): string {
  const params = new URLSearchParams({
    tripMode: courseReturn ? 'round_trip' : 'one_way',
    start: String(course.from.id),
    end: String(course.to.id),
    // The day the course leaves the boarding stop, in Warsaw (where the search counts its days).
    date: warsawDate(new Date(course.departure_at)),
  });
  if (courseReturn) params.set('dateBack', warsawDate(new Date(courseReturn.departure_at)));
  return `/search?${params.toString()}`;
}

/** The same for an order's legs as the server keeps them (the after-payment page of an expired order). */
export function searchAgainPathOfLegs(
  outbound: { from_waypoint_id: number; to_waypoint_id: number; departure_at: string },
  back: { departure_at: string } | null | undefined,
): string {
  const leg = (from: number, to: number, departure_at: string) => ({ from: { id: from }, to: { id: to }, departure_at });
  const there = leg(outbound.from_waypoint_id, outbound.to_waypoint_id, outbound.departure_at);
  return searchAgainPath(there, back ? leg(outbound.to_waypoint_id, outbound.from_waypoint_id, back.departure_at) : null);
}
