import { defineMessages, useIntl } from 'react-intl';

import type { ApiSchema } from '@/shared/api/schema';

import { useAllOf } from '../api/admin-data';
import type { Option } from '../lib/area';

const messages = defineMessages<{ archivedRoute: { name: string } }>({
  archivedRoute: { id: 'admin.route.archivedOption', defaultMessage: '{name} (zarchiwizowana)', description: 'An archived route in a filter list' },
});

// `archived` (issue 29) until the coordinator regenerates the API types.
type Route = ApiSchema<'Route'> & { archived?: boolean };

/** The routes something new can be made on (the course form, the generator, the office sale): archived ones left out. */
export function useRouteOptions(): Option[] {
  const routes = useAllOf<Route>('route/route', { sort: 'name' });
  return (routes.data ?? []).filter((route) => !route.archived).map((route) => ({ value: String(route.id), label: route.name }));
}

/** Every route for a filter (old orders and courses name archived ones too), archived ones marked. */
export function useRouteFilterOptions(): Option[] {
  const intl = useIntl();
  const routes = useAllOf<Route>('route/route', { sort: 'name' });
  return (routes.data ?? []).map((route) => ({
    value: String(route.id),
    label: route.archived ? intl.formatMessage(messages.archivedRoute, { name: route.name }) : route.name,
  }));
}

/** The routes of a course's form: archived ones left out (no new course goes on them, the server refuses
 * it), except the one the course already names, shown marked (an existing course of an archived route). */
export function useCourseRouteOptions(current?: string): Option[] {
  const intl = useIntl();
  const routes = useAllOf<Route>('route/route', { sort: 'name' });
  return (routes.data ?? [])
    .filter((route) => !route.archived || String(route.id) === current)
    .map((route) => ({
      value: String(route.id),
      label: route.archived ? intl.formatMessage(messages.archivedRoute, { name: route.name }) : route.name,
    }));
}
