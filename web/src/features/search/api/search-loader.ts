// /search's data, asked for while the page's chunk loads (see shared/lib/first-load): the form shows
// the search in the URL and the connections found are in the query cache for the first render.
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

import { firstLoadWaits } from '@/shared/lib/first-load';

import { parseSearchParams } from '../utils/search-params';
import { nameStopsFrom, showSearchInForm } from '../utils/sync-search-form';

import { searchConnectionsQueryOptions } from './search-connections';

export function searchLoader(queryClient: QueryClient) {
  return firstLoadWaits(async ({ request }: LoaderFunctionArgs) => {
    const input = parseSearchParams(new URL(request.url).searchParams);
    if (!input) return;
    showSearchInForm(input);
    const result = await queryClient.ensureQueryData(searchConnectionsQueryOptions(input));
    const first = result.outbound[0] ?? result.return[0];
    if (first) nameStopsFrom(first, input.start);
  });
}
