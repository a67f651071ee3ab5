// `GET /course/course/load?id=`: a course's seats and the load of each of its segments, in route order
// (404 while its seat inventory is not open). Its segments are also the course's stops, as the
// cancellation from a stop names them.
import { queryOptions } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import { ADMIN_KEY } from './admin-data';

export type CourseLoad = ApiSchema<'CourseLoad'>;

export function courseLoadQuery(courseId: string) {
  return queryOptions({
    queryKey: [ADMIN_KEY, 'course/course', 'load', courseId],
    queryFn: async ({ signal }) => dataOf<CourseLoad>(await apiClient.get('/course/course/load', { params: { id: courseId }, signal, toast: false })),
    retry: false,
  });
}

/** The stops a course can be cancelled from (every stop but its last), in route order. */
export function cancellableStops(load: CourseLoad | undefined): { id: number; name: string }[] {
  return (load?.segments ?? []).map((segment) => ({ id: segment.from_id, name: segment.from_name }));
}
