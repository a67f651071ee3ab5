import type { ApiSchema } from '@/shared/api/schema';

import { useAllOf } from '../api/admin-data';
import type { Option } from '../lib/area';

/** Every route as a select's options (filters and the course form). */
export function useRouteOptions(): Option[] {
  const routes = useAllOf<ApiSchema<'Route'>>('route/route', { sort: 'name' });
  return (routes.data ?? []).map((route) => ({ value: String(route.id), label: route.name }));
}
