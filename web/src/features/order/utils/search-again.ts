// The search that found the chosen courses, as a link to /search: "Zmień połączenie" on the order form
// and "search again" on an expired reservation show the results of that very search (stops, dates,
// trip mode), not an empty search. The query's names are the search page's
// (features/search/utils/search-params.ts: `?tripMode=&start=&end=&date=&dateBack=`).
import { warsawDate } from '@/shared/lib/warsaw-time';

import type { BookingCourse } from '../stores/booking-store';

type Leg = Pick<BookingCourse, 'from' | 'to' | 'departure_at'>;

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
