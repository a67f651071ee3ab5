// A course's cancellation or delay (issue 28): what the course's page shows (its status and each
// order with tickets on it) and what an admin does (cancel, announce or clear a delay, send a
// passenger's message again, choose for a passenger on the phone). The passengers are told and
// refunded by the server's process manager; the page only reads its state again after each change.
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

export async function cancelCourse(courseId: string, reason: string): Promise<Disruption> {
  return dataOf<Disruption>(await apiClient.post(`${COURSES}/cancel`, { body: { course_id: courseId, reason }, toast: false }));
}

/** Announces a delay; `minutes: 0` clears it (the reason may then be empty). */
export async function delayCourse(courseId: string, minutes: number, reason: string): Promise<Disruption> {
  return dataOf<Disruption>(await apiClient.post(`${COURSES}/delay`, { body: { course_id: courseId, minutes, reason }, toast: false }));
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

/** Puts a changed answer in place and reads the course again (the passengers' states change later). */
export async function showDisruption(queryClient: QueryClient, disruption: Disruption): Promise<void> {
  queryClient.setQueryData(disruptionKey(disruption.course_id), disruption);
  await queryClient.invalidateQueries({ queryKey: disruptionKey(disruption.course_id) });
}
