// POST /api/search/search/index: the connections between two stops on a date (and back on
// `dateBack` for a round trip). Answer `{data: {outbound: [Connection], return: [Connection]}}`.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

/** A course between the two stops: times RFC 3339 with the Warsaw offset; `price` grosz, one passenger, full fare. */
export type Connection = ApiSchema<'Connection'>;

/**
 * The connections there and back; `served` (`return_served`) tells whether a line runs from `start`
 * to `end` (back) on any day, so "no course that day" differs from "no line connects these stops".
 */
export type SearchResult = ApiSchema<'SearchResult'>;

export type TripMode = 'one_way' | 'round_trip';

/** What the search form sends; dates are `YYYY-MM-DD` (Warsaw). */
export interface SearchInput {
  tripMode: TripMode;
  start: number;
  end: number;
  date: string;
  dateBack?: string;
}

export async function searchConnections(input: SearchInput, { signal }: { signal?: AbortSignal } = {}) {
  const body = await apiClient.post('/search/search/index', {
    body: input.tripMode === 'round_trip' ? input : { ...input, dateBack: undefined },
    // Failures are explained next to the form, not in a toast.
    toast: false,
    signal,
  });
  return dataOf<SearchResult>(body);
}

/** How often the results are refreshed while on screen, so the seats left stay current. */
export const SEATS_REFRESH_MS = 60_000;

export function searchConnectionsQueryOptions(input: SearchInput) {
  return queryOptions({
    queryKey: ['search', input],
    queryFn: ({ signal }) => searchConnections(input, { signal }),
    staleTime: 30_000,
  });
}

export function useSearchConnections(input: SearchInput | null) {
  return useQuery({
    ...searchConnectionsQueryOptions(input ?? { tripMode: 'one_way', start: 0, end: 0, date: '' }),
    enabled: input !== null,
    refetchInterval: SEATS_REFRESH_MS,
  });
}
