import { MutationCache, QueryClient } from '@tanstack/react-query';

import { isApiError } from './api-error';

declare module '@tanstack/react-query' {
  interface Register {
    /** `loader: true`: the full-screen loader shows while the mutation runs (form submits). */
    mutationMeta: { loader?: boolean };
  }
}

/** What shows the full-screen loader (the app shell passes the loader store's start and stop). */
export interface BusyIndicator {
  start: () => void;
  stop: () => void;
}

/**
 * Server state lives in react-query (R17: stores hold client state only). A 4xx answer will not
 * change on retry, so only network failures and 5xx are retried, once.
 */
export function createQueryClient({ retry = true, busy }: { retry?: boolean; busy?: BusyIndicator } = {}): QueryClient {
  return new QueryClient({
    // Runs before the mutation's function and after it settles, however it ends.
    mutationCache: new MutationCache({
      onMutate: (_variables, mutation) => {
        if (mutation.meta?.loader) busy?.start();
      },
      onSettled: (_data, _error, _variables, _context, mutation) => {
        if (mutation.meta?.loader) busy?.stop();
      },
    }),
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
