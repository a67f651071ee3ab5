// A course's cancellation or delay (issues 28, 39): what the course's page shows (its status and each
// order with tickets on it, with the compensation owed) and what an admin does (cancel the whole course
// or from a stop onward, announce a delay as the expected departure or clear it, send a passenger's
// message again, choose for a passenger on the phone, pay the compensation owed). The passengers are
// told and refunded by the server's process manager; the page only reads its state again after each
// change.
import { queryOptions, type QueryClient } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import { ADMIN_KEY } from './admin-data';

/** Where a passenger stands (the document gives a string of these values). */
export type PassengerState = 'to_tell' | 'told' | 'moved' | 'refunded' | 'order_cancelled';
export type ChosenBy = 'passenger' | 'office' | 'automatic';

export type DisruptionPassenger = Omit<ApiSchema<'DisruptionPassenger'>, 'state' | 'chosen_by'> & {
  state: PassengerState;
  chosen_by: ChosenBy | null;
};

/** A course's status (`running`, `delayed`, `cancelled`) and its passengers. */
export type Disruption = Omit<ApiSchema<'Disruption'>, 'status' | 'passengers'> & {
  status: 'running' | 'delayed' | 'cancelled';
  passengers: DisruptionPassenger[];
};

const COURSES = 'course/course';

export const disruptionKey = (courseId: string) => [ADMIN_KEY, COURSES, 'disruption', courseId] as const;

/** `GET /course/course/disruption`: also for a course running normally (`status: running`). */
export function disruptionQuery(courseId: string) {
  return queryOptions({
    queryKey: disruptionKey(courseId),
    queryFn: async ({ signal }) =>
      dataOf<Disruption>(await apiClient.get(`${COURSES}/disruption`, { params: { course_id: courseId }, signal, toast: false })),
    staleTime: 0,
  });
}

/** Cancels the course, from `fromWaypointId` onward (the course ends there) or whole (`null`). */
export async function cancelCourse(courseId: string, reason: string, fromWaypointId: number | null = null): Promise<Disruption> {
  const body = fromWaypointId === null ? { course_id: courseId, reason } : { course_id: courseId, reason, from_waypoint_id: fromWaypointId };
  return dataOf<Disruption>(await apiClient.post(`${COURSES}/cancel`, { body, toast: false }));
}

/** Announces a delay as the departure from the first stop now expected (an ISO instant, up to 24 hours
 * after the scheduled one); the scheduled departure itself clears it (the reason may then be empty). */
export async function delayCourse(courseId: string, expectedDepartureAt: string, reason: string): Promise<Disruption> {
  const body = { course_id: courseId, expected_departure_at: expectedDepartureAt, reason };
  return dataOf<Disruption>(await apiClient.post(`${COURSES}/delay`, { body, toast: false }));
}

export async function resendDisruption(courseId: string, orderId: string): Promise<void> {
  await apiClient.post(`${COURSES}/disruption-resend`, { body: { course_id: courseId, order_id: orderId }, toast: false });
}

export type OfficeChoice = { choice: 'move'; toCourseId: string } | { choice: 'refund' };

export async function chooseForPassenger(courseId: string, orderId: string, choice: OfficeChoice): Promise<DisruptionPassenger> {
  const body = {
    course_id: courseId,
    order_id: orderId,
    choice: choice.choice,
    to_course_id: choice.choice === 'move' ? choice.toCourseId : null,
  };
  return dataOf<DisruptionPassenger>(await apiClient.post(`${COURSES}/disruption-choose`, { body, toast: false }));
}

/** Pays the compensation owed to the order's passengers on the course (art. 19(2): the choice came
 * after the scheduled departure). 404 `disruption.no_compensation`, 409 `disruption.compensation_paid`. */
export async function payCompensation(courseId: string, orderId: string): Promise<DisruptionPassenger> {
  const body = { course_id: courseId, order_id: orderId };
  return dataOf<DisruptionPassenger>(await apiClient.post(`${COURSES}/disruption-compensation`, { body, toast: false }));
}

/** Puts a changed answer in place and reads the course again (the passengers' states change later). */
export async function showDisruption(queryClient: QueryClient, disruption: Disruption): Promise<void> {
  queryClient.setQueryData(disruptionKey(disruption.course_id), disruption);
  await queryClient.invalidateQueries({ queryKey: disruptionKey(disruption.course_id) });
}
