import * as z from 'zod/mini';

import { WaypointInput } from '@/shared/api/limits.gen';
import type { ApiSchema } from '@/shared/api/schema';

import { defineArea } from '../lib/define-area';
import { fieldCheck, optionalNumberText, requiredText, toOptionalNumber } from '../lib/validation';
import { areaTitles } from '../messages/area-titles';
import { common } from '../messages/common-messages';
import { fields } from '../messages/field-messages';

type Waypoint = ApiSchema<'Waypoint'>;

const schema = z
  .object({
    name: requiredText(WaypointInput.name.maxLength),
    town: requiredText(WaypointInput.town.maxLength),
    latitude: optionalNumberText(WaypointInput.latitude.minimum, WaypointInput.latitude.maximum),
    longitude: optionalNumberText(WaypointInput.longitude.minimum, WaypointInput.longitude.maximum),
  })
  .check(fieldCheck((values) => (values.latitude.trim() === '') === (values.longitude.trim() === ''), 'coordinates', 'longitude'));

/** Stops (`/route/waypoint`): name, town, optional coordinates; searched by name. */
export const waypointsArea = defineArea<Waypoint, z.infer<typeof schema>>({
  path: 'route/waypoint',
  title: areaTitles.waypoints,
  newTitle: fields.newWaypoint,
  recordTitle: (waypoint) => waypoint.name,
  idOf: (waypoint) => waypoint.id,
  defaultSort: 'name',
  columns: [
    { key: 'name', label: common.name, sortable: true },
    { key: 'town', label: fields.town, sortable: true },
    { key: 'latitude', label: fields.latitude, numeric: true },
    { key: 'longitude', label: fields.longitude, numeric: true },
    { key: 'id', label: common.id, sortable: true, numeric: true },
  ],
  filters: [
    { field: 'name', op: 'like', label: common.name },
    { field: 'town', op: 'like', label: fields.town },
  ],
  form: {
    schema,
    fields: [
      { name: 'name', label: common.name, kind: 'text', required: true },
      { name: 'town', label: fields.town, kind: 'text', required: true },
      { name: 'latitude', label: fields.latitude, kind: 'number', hint: fields.coordinatesHint },
      { name: 'longitude', label: fields.longitude, kind: 'number' },
    ],
    toValues: (waypoint) => ({
      name: waypoint?.name ?? '',
      town: waypoint?.town ?? '',
      latitude: waypoint?.latitude == null ? '' : String(waypoint.latitude),
      longitude: waypoint?.longitude == null ? '' : String(waypoint.longitude),
    }),
    toInput: (values) => ({
      name: values.name.trim(),
      town: values.town.trim(),
      latitude: toOptionalNumber(values.latitude),
      longitude: toOptionalNumber(values.longitude),
    }),
  },
});
