import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { prefetchLikelyRoutes } from './prefetch';
import { AppProvider } from './provider';

interface AppProps {
  /** The router over `createAppRoutes(queryClient)`, made once by app/start.tsx. */
  router: ReturnType<typeof createBrowserRouter>;
  queryClient: QueryClient;
}

export function App({ router, queryClient }: AppProps) {
  useEffect(() => {
    // Only once the first page is on screen: earlier, the prefetch would compete with it.
    let cancelPrefetch: (() => void) | undefined;
    const start = () => {
      cancelPrefetch ??= prefetchLikelyRoutes();
    };
    if (router.state.initialized) start();
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) start();
    });
    return () => {
      unsubscribe();
      cancelPrefetch?.();
    };
  }, [router]);
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
