// GET /api/order/ticket/change-options?number={ticket number} (the owner's bearer token): whether the
// ticket's course can be changed (and why not), the cutoff before departure, its current course, and
// the other courses of the same route between the same stops it can move to (free seats, still on
// sale, departing after now; at most 30, soonest first), each with its price difference in grosz
// (negative: refunded).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';
import { USER_QUERY_KEY } from '@/shared/auth/get-current-user';

/**
 * A course the ticket may move to: `price_difference` in grosz, negative = refunded, positive = to pay
 * (refused online for now), 0 = no difference.
 */
export type ChangeOption = ApiSchema<'ChangeOption'>;

/** Why the course cannot be changed; other values may come later and are explained generically. */
export type ChangeRefusalReason = 'already_changed' | 'ticket_returned' | 'not_paid' | 'too_late' | 'used';

export type ChangeOptions = ApiSchema<'ChangeOptions'>;

export async function getChangeOptions(number: string, { signal }: { signal?: AbortSignal } = {}): Promise<ChangeOptions> {
  // The section explains a failure itself.
  const body = await apiClient.get('/order/ticket/change-options', { params: { number }, signal, toast: false });
  return dataOf<ChangeOptions>(body);
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
