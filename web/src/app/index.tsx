import { useEffect, useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { prefetchLikelyRoutes } from './prefetch';
import { AppProvider } from './provider';
import { createAppRoutes } from './router';

export function App() {
  const [router] = useState(() => createBrowserRouter(createAppRoutes()));
  useEffect(() => prefetchLikelyRoutes(), []);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
