import type { TripLeg } from '../components/trip-summary';

/** Adapts a course from the search (nested stops) to a leg. */
export function legOfCourse(course: {
  route_name: string;
  from: { name: string };
  to: { name: string };
  departure_at: string;
  arrival_at: string;
}): TripLeg {
  return {
    route_name: course.route_name,
    from_name: course.from.name,
    to_name: course.to.name,
    departure_at: course.departure_at,
    arrival_at: course.arrival_at,
  };
}
