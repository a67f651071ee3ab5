// The driver's calls (Driver or SuperAdmin): the day's courses, one course's passenger list with the
// carrier's verification key (`manifest`: what the page keeps to check tickets offline), the
// check-in of a ticket, by its scanned code or its typed number, and the course marked as having left. A check-in carries the phone's own
// id, so one sent again after the network came back is recorded once.
import { queryOptions } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

export type DriverCourse = ApiSchema<'DriverCourse'>;
export type Manifest = ApiSchema<'Manifest'>;
export type ManifestTicket = ApiSchema<'ManifestTicket'>;
export type CheckedIn = ApiSchema<'CheckedIn'>;
export type Departed = ApiSchema<'Departed'>;

export const DRIVER_KEY = 'driver';

export function coursesQuery(date: string) {
  return queryOptions({
    queryKey: [DRIVER_KEY, 'courses', date],
    queryFn: async ({ signal }) =>
      dataOf<DriverCourse[]>(await apiClient.get('/order/driver/courses', { params: { date }, signal, toast: false })),
  });
}

export async function fetchManifest(courseId: string): Promise<Manifest> {
  return dataOf<Manifest>(await apiClient.get('/order/driver/manifest', { params: { course_id: courseId }, toast: false }));
}

/** What a check-in sends: the scanned code, or the typed number or printed code with the course. */
export type CheckInBody = { check_in_id: string } & ({ qr: string } | { number: string; course_id: string } | { code: string; course_id: string });

export async function checkIn(body: CheckInBody): Promise<CheckedIn> {
  return dataOf<CheckedIn>(await apiClient.post('/order/ticket/check-in', { body, toast: false }));
}

/** `POST /course/course/departed`: the course has left (marked twice, the first time stands). A course
 * not marked 20 minutes after its time alerts the office. 409 `course.already_cancelled` for a course
 * cancelled whole. */
export async function markDeparted(courseId: string): Promise<Departed> {
  return dataOf<Departed>(await apiClient.post('/course/course/departed', { body: { course_id: courseId }, toast: false }));
}
