// POST /api/search/search/index: the connections between two stops on a date (and back on
// `dateBack` for a round trip). Answer `{data: {outbound: [Connection], return: [Connection]}}`.
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiClient } from '@/shared/api/client';

import type { TripMode } from '../stores/search-store';

const stopRefSchema = z.object({ id: z.int(), name: z.string() });

export const connectionSchema = z.object({
  course_id: z.string(),
  route_id: z.int(),
  route_name: z.string(),
  from: stopRefSchema,
  to: stopRefSchema,
  /** RFC 3339 with the Warsaw offset. */
  departure_at: z.string(),
  arrival_at: z.string(),
  departure_time: z.string(),
  arrival_time: z.string(),
  duration_minutes: z.int(),
  /** Grosz, one passenger, full fare. */
  price: z.int(),
  price_formatted: z.string(),
  seats_available: z.int(),
});

export type Connection = z.infer<typeof connectionSchema>;

const responseSchema = z.object({
  data: z.object({
    outbound: z.array(connectionSchema),
    return: z.array(connectionSchema),
    /**
     * Whether a line runs from `start` to `end` on any day (`return_served`: back from `end` to
     * `start`). With nothing found it tells "no course that day" from "no line connects these
     * stops". Optional: a backend without the fields leaves the page to say it cannot tell.
     */
    served: z.optional(z.boolean()),
    return_served: z.optional(z.boolean()),
  }),
});

export type SearchResult = z.infer<typeof responseSchema>['data'];

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
  return responseSchema.parse(body).data;
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
