// GET /api/route/waypoint/search-dropdown?q=: the stops the search form's comboboxes offer
// (name or town starting with what was typed, diacritics ignored; at most 20).
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

export type StopOption = ApiSchema<'WaypointOption'>;

export async function searchStops(q: string, { signal }: { signal?: AbortSignal } = {}): Promise<StopOption[]> {
  const body = await apiClient.get('/route/waypoint/search-dropdown', { params: { q }, signal, toast: false });
  return dataOf<StopOption[]>(body);
}

export function searchStopsQueryOptions(q: string) {
  const term = q.trim();
  return queryOptions({
    queryKey: ['stops', 'search-dropdown', term],
    queryFn: ({ signal }) => searchStops(term, { signal }),
    // Stops change rarely; typing back and forth reuses what was fetched.
    staleTime: 5 * 60_000,
  });
}

/**
 * The stops matching `q`, fetched only while the list is open. While the next letters load, the list
 * for the previous letters stays (no flicker), but never the unfiltered list of a blank `q`.
 */
export function useSearchStops(q: string, enabled: boolean) {
  return useQuery({
    ...searchStopsQueryOptions(q),
    enabled,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] ? previous : undefined),
  });
}
