import * as z from 'zod/mini';

import { RouteInput } from '@/shared/api/limits.gen';
import type { ApiSchema } from '@/shared/api/schema';

import { RouteCoursesLink } from '../components/route-courses-link';
import { RoutePrices } from '../components/route-prices';
import { RouteStops } from '../components/route-stops';
import { RouteTimetables } from '../components/route-timetables';
import { StopDetails } from '../components/stop-details';
import { defineArea } from '../lib/define-area';
import { optionalIntText, requiredText } from '../lib/validation';
import { areaTitles } from '../messages/area-titles';
import { common } from '../messages/common-messages';
import { fields } from '../messages/field-messages';

// `archived` (issue 29) until the coordinator regenerates the API types.
type Route = ApiSchema<'Route'> & { archived?: boolean };

const schema = z.object({
  name: requiredText(RouteInput.name.maxLength),
  active: z.boolean(),
  show_on_home: z.boolean(),
  archived: z.boolean(),
  distance_km: optionalIntText(RouteInput.distance_km.minimum, RouteInput.distance_km.maximum),
});

/**
 * Routes: name (one route's, the server refuses a second of the same name), active, "show on home",
 * archived, the length in km (optional: from 250 km the passengers have all the rights of EU Regulation
 * 181/2011, issue 39); below the form its stops, prices and timetables. A route without courses can be deleted;
 * one with courses is archived instead (the server says so when a delete is refused).
 */
export const routesArea = defineArea<Route, z.infer<typeof schema>>({
  path: 'route/route',
  title: areaTitles.routes,
  newTitle: fields.newRoute,
  recordTitle: (route) => route.name,
  idOf: (route) => route.id,
  defaultSort: 'name',
  columns: [
    { key: 'name', label: common.name, sortable: true },
    { key: 'active', label: common.active, sortable: true },
    { key: 'show_on_home', label: fields.showOnHome, sortable: true },
    { key: 'archived', label: fields.archived, sortable: true },
    { key: 'distance_km', label: fields.distanceKm, sortable: true, numeric: true },
    { key: 'id', label: common.id, sortable: true, numeric: true },
  ],
  filters: [
    { field: 'name', op: 'like', label: common.name },
    { field: 'active', op: 'eq', label: common.active, kind: 'select', options: [{ value: 'true', label: common.yes }, { value: 'false', label: common.no }] },
    { field: 'archived', op: 'eq', label: fields.archived, kind: 'select', options: [{ value: 'true', label: common.yes }, { value: 'false', label: common.no }] },
  ],
  canDelete: true,
  form: {
    schema,
    fields: [
      { name: 'name', label: common.name, kind: 'text', required: true, wide: true },
      { name: 'active', label: common.active, kind: 'checkbox' },
      { name: 'show_on_home', label: fields.showOnHome, kind: 'checkbox', hint: fields.showOnHomeHint },
      { name: 'archived', label: fields.archived, kind: 'checkbox', hint: fields.archivedHint },
      {
        name: 'distance_km',
        label: fields.distanceKm,
        kind: 'number',
        hint: fields.distanceKmHint,
        inputProps: { inputMode: 'numeric' },
      },
    ],
    toValues: (route) => ({
      name: route?.name ?? '',
      active: route?.active ?? true,
      show_on_home: route?.show_on_home ?? false,
      archived: route?.archived ?? false,
      distance_km: route?.distance_km == null ? '' : String(route.distance_km),
    }),
    toInput: (values) => ({ ...values, name: values.name.trim(), distance_km: values.distance_km === '' ? null : Number(values.distance_km) }),
  },
  sections: [
    ({ model }) => <RouteStops routeId={model.id} />,
    ({ model }) => <StopDetails routeId={model.id} />,
    ({ model }) => <RoutePrices routeId={model.id} />,
    ({ model }) => <RouteTimetables routeId={model.id} />,
    ({ model }) => <RouteCoursesLink routeId={model.id} />,
  ],
});
