// The details of a route's stops (route-waypoint-details): a platform and notes per stop, each row
// saved on its own (`POST …/save` the first time, `PUT …/save?id=` after).
import { useState } from 'react';
import { useIntl } from 'react-intl';

import { RouteWaypointDetailsInput } from '@/shared/api/limits.gen';
import type { ApiSchema } from '@/shared/api/schema';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';

import { saveRecord, useAllOf } from '../api/admin-data';
import { useRecordMutation } from '../hooks/use-record-mutation';
import { useUnsavedChanges } from '../lib/unsaved-registry';
import { detailTexts, routeTexts } from '../messages/route-messages';

import { TableScroll } from './table-scroll';

type RouteWaypoint = ApiSchema<'RouteWaypoint'>;
type Details = ApiSchema<'RouteWaypointDetails'>;

const PATH = 'route/route-waypoint-details';
const named = (field: string, stop: string) => `${field}: ${stop}`;

function DetailsRow({ stop, details }: { stop: RouteWaypoint; details: Details | undefined }) {
  const intl = useIntl();
  const [platform, setPlatform] = useState(details?.platform ?? '');
  const [notes, setNotes] = useState(details?.notes ?? '');
  const dirty = platform !== (details?.platform ?? '') || notes !== (details?.notes ?? '');
  useUnsavedChanges(() => dirty);
  const save = useRecordMutation(PATH, () => saveRecord(PATH, details?.id, { route_waypoint_id: stop.id, platform, notes }));
  return (
    <tr>
      <th scope="row">{stop.waypoint_name}</th>
      <td>
        <input className="form-field__input admin-grid-input" maxLength={RouteWaypointDetailsInput.platform.maxLength} aria-label={named(intl.formatMessage(detailTexts.platform), stop.waypoint_name)} value={platform} onChange={(event) => setPlatform(event.target.value)} />
      </td>
      <td>
        <input className="form-field__input" maxLength={RouteWaypointDetailsInput.notes.maxLength} aria-label={named(intl.formatMessage(detailTexts.notes), stop.waypoint_name)} value={notes} onChange={(event) => setNotes(event.target.value)} />
      </td>
      <td>
        <Button
          variant="secondary"
          disabled={!dirty || save.isPending}
          aria-label={named(intl.formatMessage(detailTexts.saveRow), stop.waypoint_name)}
          onClick={() => save.mutate(undefined, { onSuccess: () => showToast({ type: 'success', message: routeTexts.saved }) })}
        >
          {intl.formatMessage(detailTexts.saveRow)}
        </Button>
      </td>
    </tr>
  );
}

export function StopDetails({ routeId }: { routeId: number }) {
  const intl = useIntl();
  const stops = useAllOf<RouteWaypoint>('route/route-waypoint', { 'filter[route_id][eq]': routeId, sort: 'position' });
  const ids = (stops.data ?? []).map((stop) => stop.id).join(',');
  const details = useAllOf<Details>(PATH, { 'filter[route_waypoint_id][in]': ids }, ids !== '');
  if (!stops.data || stops.data.length === 0 || !details.data) return null;
  const byStop = new Map(details.data.map((row) => [row.route_waypoint_id, row]));
  return (
    <section className="admin-section" aria-labelledby="stop-details-title">
      <h2 id="stop-details-title" className="admin-section__title">
        {intl.formatMessage(detailTexts.stopDetails)}
      </h2>
      <TableScroll label={intl.formatMessage(detailTexts.stopDetails)}>
        <table className="admin-inline-table">
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(routeTexts.stop)}</th>
              <th scope="col">{intl.formatMessage(detailTexts.platform)}</th>
              <th scope="col">{intl.formatMessage(detailTexts.notes)}</th>
              <th scope="col">{intl.formatMessage(detailTexts.actions)}</th>
            </tr>
          </thead>
          <tbody>
            {stops.data.map((stop) => (
              <DetailsRow key={`${stop.id}-${byStop.get(stop.id)?.updated_at ?? ''}`} stop={stop} details={byStop.get(stop.id)} />
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
