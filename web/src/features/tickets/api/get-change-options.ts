// GET /api/order/ticket/change-options?number={ticket number} (the owner's bearer token): whether the
// ticket's course can be changed (and why not), the cutoff before departure, its current course, and
// the other courses of the same route between the same stops it can move to (free seats, still on
// sale, departing after now; at most 30, soonest first), each with its price difference in grosz
// (negative: refunded).
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiClient } from '@/shared/api/client';
import { USER_QUERY_KEY } from '@/shared/auth/get-current-user';

const courseSchema = z.object({
  course_id: z.string(),
  departure_at: z.string(),
  arrival_at: z.string(),
  price: z.int(),
  price_formatted: z.optional(z.string()),
});

const optionSchema = z.object({
  ...courseSchema.shape,
  free_seats: z.int(),
  /** Grosz; negative = refunded, positive = to pay (refused online for now), 0 = no difference. */
  price_difference: z.int(),
  price_difference_formatted: z.optional(z.string()),
});

export type ChangeOption = z.infer<typeof optionSchema>;

/** Why the course cannot be changed; other values may come later and are explained generically. */
export type ChangeRefusalReason = 'already_changed' | 'ticket_returned' | 'not_paid' | 'too_late' | 'used';

const changeOptionsSchema = z.object({
  number: z.string(),
  can_change: z.boolean(),
  reason: z.nullable(z.string()),
  cutoff_minutes: z.int(),
  current: courseSchema,
  options: z.array(optionSchema),
});

export type ChangeOptions = z.infer<typeof changeOptionsSchema>;

const responseSchema = z.object({ data: changeOptionsSchema });

export async function getChangeOptions(number: string, { signal }: { signal?: AbortSignal } = {}): Promise<ChangeOptions> {
  // The section explains a failure itself.
  const body = await apiClient.get('/order/ticket/change-options', { params: { number }, signal, toast: false });
  return responseSchema.parse(body).data;
}

/** Depends on the user: under USER_QUERY_KEY, so logging out forgets it. */
export const changeOptionsKey = [USER_QUERY_KEY, 'change-options'] as const;

export function changeOptionsQueryOptions(number: string) {
  return queryOptions({
    queryKey: [...changeOptionsKey, number],
    queryFn: ({ signal }) => getChangeOptions(number, { signal }),
    // Seats and the cutoff move: ask again whenever the section is shown anew.
    staleTime: 0,
  });
}

export function useChangeOptions(number: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...changeOptionsQueryOptions(number), enabled });
}
