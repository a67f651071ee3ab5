// GET /api/route/route/home-routes: the routes an admin marked "show on home", with their first and
// last stop and lowest fare; the home page offers them as quick links to their search.
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

export type HomeRoute = ApiSchema<'HomeRoute'>;

export function useHomeRoutes() {
  return useQuery({
    queryKey: ['routes', 'home-routes'],
    // A decoration of the home page: its failure leaves the search form alone, quietly.
    queryFn: async ({ signal }) => dataOf<HomeRoute[]>(await apiClient.get('/route/route/home-routes', { signal, toast: false })),
  });
}
