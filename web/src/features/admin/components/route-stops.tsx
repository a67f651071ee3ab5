// A route's ordered stops with the minutes from the first (route-waypoint). Reordered with the Up/Down
// buttons (keyboard) or by dragging a row (mouse); saved as one list. The API checks every row against
// its neighbours (positions unique, minutes increasing), so the save first parks the kept stops above
// every current position and minute, then writes the new order from the top: each step is valid.
import { useState } from 'react';
import { useIntl } from 'react-intl';

import type { ApiSchema } from '@/shared/api/schema';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';

import { deleteRecord, saveRecord, useAllOf } from '../api/admin-data';
import { useRecordMutation } from '../hooks/use-record-mutation';
import { minutesValid, PARK, type StopRow } from '../lib/route-math';
import { useUnsavedChanges } from '../lib/unsaved-registry';
import { routeTexts } from '../messages/route-messages';

import { StopRows } from './stop-rows';

type RouteWaypoint = ApiSchema<'RouteWaypoint'>;
type Waypoint = ApiSchema<'Waypoint'>;

const PATH = 'route/route-waypoint';

async function saveStops(routeId: number, saved: RouteWaypoint[], rows: StopRow[]) {
  const kept = new Set(rows.map((row) => row.id).filter((id) => id !== undefined));
  for (const stop of saved) if (!kept.has(stop.id)) await deleteRecord(PATH, stop.id);
  const body = (row: StopRow, position: number, minutes: number) => ({ route_id: routeId, waypoint_id: row.waypointId, position, minutes_from_start: minutes });
  for (const [index, row] of rows.entries()) {
    if (row.id !== undefined) await saveRecord(PATH, row.id, body(row, PARK + index, PARK + Number(row.minutes)));
  }
  for (const [index, row] of rows.entries()) await saveRecord(PATH, row.id, body(row, index, Number(row.minutes)));
}

function rowsOf(stops: RouteWaypoint[]): StopRow[] {
  return [...stops]
    .sort((a, b) => a.position - b.position)
    .map((stop) => ({ key: `s${stop.id}`, id: stop.id, waypointId: stop.waypoint_id, name: stop.waypoint_name, minutes: String(stop.minutes_from_start) }));
}

export function RouteStops({ routeId }: { routeId: number }) {
  const stops = useAllOf<RouteWaypoint>(PATH, { 'filter[route_id][eq]': routeId, sort: 'position' });
  if (!stops.data) return null;
  return <RouteStopsEditor key={stops.dataUpdatedAt} routeId={routeId} saved={stops.data} />;
}

function RouteStopsEditor({ routeId, saved }: { routeId: number; saved: RouteWaypoint[] }) {
  const intl = useIntl();
  const waypoints = useAllOf<Waypoint>('route/waypoint', { sort: 'name' });
  const [rows, setRows] = useState<StopRow[]>(() => rowsOf(saved));
  const [dirty, setDirty] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const mutation = useRecordMutation(PATH, (next: StopRow[]) => saveStops(routeId, saved, next));
  useUnsavedChanges(() => dirty);

  const change = (next: StopRow[]) => {
    setRows(next);
    setDirty(true);
    setInvalid(false);
  };
  const save = () => {
    if (!minutesValid(rows)) {
      setInvalid(true);
      return;
    }
    mutation.mutate(rows, {
      onSuccess: () => {
        setDirty(false);
        showToast({ type: 'success', message: routeTexts.saved });
      },
    });
  };

  return (
    <section className="admin-section" aria-labelledby="route-stops-title">
      <h2 id="route-stops-title" className="admin-section__title">
        {intl.formatMessage(routeTexts.stops)}
      </h2>
      <p className="form-field__hint">{intl.formatMessage(routeTexts.stopsHint)}</p>
      <StopRows rows={rows} onChange={change} waypoints={(waypoints.data ?? []).map((w) => ({ id: w.id, name: w.name }))} />
      {invalid ? (
        <p className="form-field__error" role="alert">
          {intl.formatMessage(routeTexts.minutesOrder)}
        </p>
      ) : null}
      <div className="admin-section__actions">
        <Button onClick={save} disabled={mutation.isPending || !dirty}>
          {intl.formatMessage(routeTexts.saveStops)}
        </Button>
      </div>
    </section>
  );
}
