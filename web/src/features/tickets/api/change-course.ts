// POST /api/order/order/change-course {number, course_id} (the owner's bearer token): moves the ticket
// to another course of the same route and stops, once per ticket, until the cutoff before departure.
// Answers the new course and the price difference (negative: refunded). 409 when it was changed
// already, is returned, the course has no seat left, or it costs more (the difference cannot be paid
// online yet: "… please contact the carrier"); 422 after the cutoff, for another route or stops, or
// for a missing field.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import { changeOptionsKey } from './get-change-options';
import { myTicketsKey } from './get-my-tickets';

/** The ticket's new course; `price_difference` in grosz, negative when the difference is refunded. */
export type ChangedCourse = ApiSchema<'Changed'>;

export interface ChangeCourseInput {
  number: string;
  course_id: string;
}

export async function changeCourse(input: ChangeCourseInput): Promise<ChangedCourse> {
  const body = await apiClient.post('/order/order/change-course', {
    body: { number: input.number, course_id: input.course_id },
    // Refusals are explained in the section, in the page's language.
    toast: false,
  });
  return dataOf<ChangedCourse>(body);
}

export function useChangeCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCourse,
    // Whatever the answer, the ticket and its options may have changed (a seat taken meanwhile).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myTicketsKey }),
        queryClient.invalidateQueries({ queryKey: changeOptionsKey }),
        queryClient.invalidateQueries({ queryKey: ['order'] }),
      ]),
  });
}
