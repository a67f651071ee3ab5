// A route's ordered stops with the minutes from the first (route-waypoint). Reordered with the Up/Down
// buttons (keyboard) or by dragging a row (mouse); saved as one list in one request (`save-list`),
// which the server checks as a whole and writes in one transaction: the public search sees the old
// list or the new one, never a half. A refusal is shown at its row (422) or above the button (409).
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import { isApiError, type ApiError } from '@/shared/api/api-error';
import type { ApiSchema } from '@/shared/api/schema';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';

import { useAllOf, useInvalidateArea } from '../api/admin-data';
import { rowErrors, saveStopList } from '../api/route-lists';
import { adminErrorToast } from '../lib/admin-errors';
import { fieldErrorText } from '../lib/field-errors';
import { minutesValid, type StopRow } from '../lib/route-math';
import { useUnsavedChanges } from '../lib/unsaved-registry';
import { routeTexts, routeValues } from '../messages/route-messages';

import { StopRows } from './stop-rows';

type RouteWaypoint = ApiSchema<'RouteWaypoint'>;
type Waypoint = ApiSchema<'Waypoint'>;

const PATH = 'route/route-waypoint';

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

/** Refusals the editor shows itself: a 422 (at its rows) and a 409 (a removed stop still priced). */
const shownHere = (error: unknown): error is ApiError => isApiError(error) && (error.status === 422 || error.status === 409);

function RouteStopsEditor({ routeId, saved }: { routeId: number; saved: RouteWaypoint[] }) {
  const intl = useIntl();
  const waypoints = useAllOf<Waypoint>('route/waypoint', { sort: 'name' });
  const [rows, setRows] = useState<StopRow[]>(() => rowsOf(saved));
  const [dirty, setDirty] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const invalidate = useInvalidateArea();
  const mutation = useMutation({
    mutationFn: (next: StopRow[]) => saveStopList(routeId, next.map((row) => ({ waypoint_id: row.waypointId, minutes_from_start: Number(row.minutes) }))),
    onSuccess: () => invalidate(PATH),
    onError: (error) => (shownHere(error) ? setRefusal(error) : showToast(adminErrorToast(error))),
    meta: { loader: true },
  });
  useUnsavedChanges(() => dirty);

  const change = (next: StopRow[]) => {
    setRows(next);
    setDirty(true);
    setInvalid(false);
    setRefusal(null);
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
  const byRow = rowErrors('stops', refusal?.errors ?? []);
  const errors = new Map([...byRow].map(([row, list]) => [row, list.map((error) => fieldErrorText(intl, error))]));
  const general = refusal?.status === 409 ? [intl.formatMessage(routeValues.stopPriced, { text: refusal.message })] : (errors.get(-1) ?? []);

  return (
    <section className="admin-section" aria-labelledby="route-stops-title">
      <h2 id="route-stops-title" className="admin-section__title">
        {intl.formatMessage(routeTexts.stops)}
      </h2>
      <p className="form-field__hint">{intl.formatMessage(routeTexts.stopsHint)}</p>
      <StopRows rows={rows} onChange={change} errors={errors} waypoints={(waypoints.data ?? []).map((w) => ({ id: w.id, name: w.name }))} />
      {invalid ? (
        <p className="form-field__error" role="alert">
          {intl.formatMessage(routeTexts.minutesOrder)}
        </p>
      ) : null}
      {refusal ? (
        <div className="form-field__error" role="alert">
          {intl.formatMessage(routeTexts.stopsRefused)}
          {general.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      ) : null}
      <div className="admin-section__actions">
        <Button onClick={save} disabled={mutation.isPending || !dirty}>
          {intl.formatMessage(routeTexts.saveStops)}
        </Button>
      </div>
    </section>
  );
}
