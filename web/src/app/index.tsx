import { useEffect, useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { createQueryClient } from '@/shared/api/query-client';

import { prefetchLikelyRoutes } from './prefetch';
import { AppProvider } from './provider';
import { createAppRoutes } from './router';

export function App() {
  const [queryClient] = useState(() => createQueryClient());
  const [router] = useState(() => createBrowserRouter(createAppRoutes(queryClient)));
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
