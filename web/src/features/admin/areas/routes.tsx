import * as z from 'zod/mini';

import { RouteInput } from '@/shared/api/limits.gen';
import type { ApiSchema } from '@/shared/api/schema';

import { RouteCoursesLink } from '../components/route-courses-link';
import { RoutePrices } from '../components/route-prices';
import { RouteStops } from '../components/route-stops';
import { RouteTimetables } from '../components/route-timetables';
import { StopDetails } from '../components/stop-details';
import { defineArea } from '../lib/define-area';
import { requiredText } from '../lib/validation';
import { areaTitles } from '../messages/area-titles';
import { common } from '../messages/common-messages';
import { fields } from '../messages/field-messages';

type Route = ApiSchema<'Route'>;

const schema = z.object({ name: requiredText(RouteInput.name.maxLength), active: z.boolean(), show_on_home: z.boolean() });

/** Routes: name, active, "show on home"; below the form its stops, prices and timetables. */
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
    { key: 'id', label: common.id, sortable: true, numeric: true },
  ],
  filters: [
    { field: 'name', op: 'like', label: common.name },
    { field: 'active', op: 'eq', label: common.active, kind: 'select', options: [{ value: 'true', label: common.yes }, { value: 'false', label: common.no }] },
  ],
  form: {
    schema,
    fields: [
      { name: 'name', label: common.name, kind: 'text', required: true, wide: true },
      { name: 'active', label: common.active, kind: 'checkbox' },
      { name: 'show_on_home', label: fields.showOnHome, kind: 'checkbox', hint: fields.showOnHomeHint },
    ],
    toValues: (route) => ({ name: route?.name ?? '', active: route?.active ?? true, show_on_home: route?.show_on_home ?? false }),
    toInput: (values) => ({ ...values, name: values.name.trim() }),
  },
  sections: [
    ({ model }) => <RouteStops routeId={model.id} />,
    ({ model }) => <StopDetails routeId={model.id} />,
    ({ model }) => <RoutePrices routeId={model.id} />,
    ({ model }) => <RouteTimetables routeId={model.id} />,
    ({ model }) => <RouteCoursesLink routeId={model.id} />,
  ],
});
