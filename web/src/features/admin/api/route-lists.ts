// The route editor's two writes of a whole list, each one request and one transaction on the server:
// a route's stops in order (`save-list`) and its price grid (`save-grid`). A refusal (422) names each
// bad row (`stops[2].minutes_from_start`, `prices[0].price`); nothing is written then.
import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

type StopList = ApiSchema<'StopList'>;
type PriceGrid = ApiSchema<'PriceGrid'>;

/** Replaces route `routeId`'s stops with `stops` (first to last); the saved list. */
export async function saveStopList(routeId: number, stops: StopList['stops']) {
  const body: StopList = { stops };
  const answer = await apiClient.put('route/route-waypoint/save-list', { params: { route_id: routeId }, body, toast: false });
  return dataOf<ApiSchema<'RouteWaypoint'>[]>(answer);
}

/** Replaces route `routeId`'s prices with `prices` (a trip left out loses its price); the saved grid. */
export async function savePriceGrid(routeId: number, prices: PriceGrid['prices']) {
  const body: PriceGrid = { prices };
  const answer = await apiClient.put('route/route-price/save-grid', { params: { route_id: routeId }, body, toast: false });
  return dataOf<ApiSchema<'RoutePrice'>[]>(answer);
}

/** A 422's errors of the rows of list `list` (`stops`), by row index; the rest (`stops` itself) under -1. */
export function rowErrors<E extends { field: string }>(list: string, errors: readonly E[]): Map<number, E[]> {
  const byRow = new Map<number, E[]>();
  for (const error of errors) {
    const match = new RegExp(`^${list}\\[(\\d+)\\]`).exec(error.field);
    const row = match ? Number(match[1]) : -1;
    byRow.set(row, [...(byRow.get(row) ?? []), error]);
  }
  return byRow;
}
