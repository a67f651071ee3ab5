import { QueryClient } from '@tanstack/react-query';

import { isApiError } from './api-error';

/**
 * Server state lives in react-query (R17: stores hold client state only). A 4xx answer will not
 * change on retry, so only network failures and 5xx are retried, once.
 */
export function createQueryClient({ retry = true }: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: retry
          ? (failureCount, error) =>
              failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500)
          : false,
      },
      mutations: { retry: false },
    },
  });
}
