import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { createQueryClient } from '@/shared/api/query-client';

import { fullScreenLoader } from './api-session';

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client (no retries, nothing shared between tests). */
  queryClient?: QueryClient;
}

/** App-wide providers that do not depend on the route. The locale is provided per route (router.tsx). */
export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient({ busy: fullScreenLoader }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
