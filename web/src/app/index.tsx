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
  useEffect(() => prefetchLikelyRoutes(), []);
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
