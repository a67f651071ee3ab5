// The route editor's two writes of a whole list (admin only), over the admin mock's tables:
// `PUT /route/route-waypoint/save-list?route_id=` (a route's stops, in order) and
// `PUT /route/route-price/save-grid?route_id=` (its prices). As the server, each checks the whole
// list first and answers 422 with one error per bad row (`stops[1].minutes_from_start`,
// `prices[0].price`), writing nothing; else it replaces the route's rows and answers them.
import { http, HttpResponse } from 'msw';

import { apiUrl } from '../api-url';

import { adminTable, isAdmin, type Row } from './admin';
import { errorBody, type MockFieldError } from './responses';

const MAX_PRICE = 10_000_000;
const AT = '2026-01-15T08:00:00Z';

interface StopEntry {
  waypoint_id: number;
  minutes_from_start: number;
}

interface PriceEntry {
  from_waypoint_id: number;
  to_waypoint_id: number;
  price: number;
}

const refused = (errors: MockFieldError[]) =>
  HttpResponse.json(errorBody(422, errors.map((error) => `${error.field}: ${error.message}`).join('; '), errors), { status: 422 });

function stopErrors(stops: StopEntry[]): MockFieldError[] {
  if (stops.length < 2) {
    return [{ field: 'stops', message: `a route has 2 to 100 stops, not ${stops.length}`, code: 'field.out_of_range', params: { min: 2, max: 100 } }];
  }
  const errors: MockFieldError[] = [];
  stops.forEach((stop, index) => {
    if (stops.findIndex((other) => other.waypoint_id === stop.waypoint_id) < index) {
      errors.push({ field: `stops[${index}].waypoint_id`, message: 'this stop is on the route already', code: 'field.conflict' });
    }
    const before = stops[index - 1]?.minutes_from_start;
    if (index === 0 && stop.minutes_from_start !== 0) errors.push({ field: 'stops[0].minutes_from_start', message: 'the first stop is at minute 0' });
    if (before !== undefined && stop.minutes_from_start <= before) {
      errors.push({ field: `stops[${index}].minutes_from_start`, message: `minutes must increase along the route: the stop before is at minute ${before}` });
    }
  });
  return errors;
}

function priceErrors(prices: PriceEntry[], stops: Row[]): MockFieldError[] {
  const position = (id: number) => stops.find((stop) => stop.waypoint_id === id)?.position;
  const errors: MockFieldError[] = [];
  prices.forEach((cell, index) => {
    const [from, to] = [position(cell.from_waypoint_id), position(cell.to_waypoint_id)];
    if (from === undefined || to === undefined || Number(from) >= Number(to)) {
      errors.push({ field: `prices[${index}].to_waypoint_id`, message: 'a trip only goes forward along the route' });
    }
    if (!Number.isInteger(cell.price) || cell.price < 1 || cell.price > MAX_PRICE) {
      errors.push({
        field: `prices[${index}].price`,
        message: `the price must be from 1 to ${MAX_PRICE} grosz, not ${cell.price}`,
        code: 'field.out_of_range',
        params: { min: 1, max: MAX_PRICE },
      });
    }
  });
  return errors;
}

export const routeListHandlers = [
  http.put(apiUrl('/route/route-waypoint/save-list'), async ({ request }) => {
    if (!isAdmin(request)) return HttpResponse.json(errorBody(401, 'authentication required'), { status: 401 });
    const routeId = Number(new URL(request.url).searchParams.get('route_id'));
    const { stops = [] } = (await request.json()) as { stops?: StopEntry[] };
    const errors = stopErrors(stops);
    if (errors.length > 0) return refused(errors);
    const table = adminTable('route/route-waypoint');
    const waypoints = adminTable('route/waypoint').rows;
    const others = table.rows.filter((row) => row.route_id !== routeId);
    const old = table.rows.filter((row) => row.route_id === routeId);
    let next = Math.max(0, ...table.rows.map((row) => Number(row.id))) + 1;
    const saved = stops.map((stop, position) => {
      const waypoint = waypoints.find((row) => row.id === stop.waypoint_id);
      const id = old.find((row) => row.waypoint_id === stop.waypoint_id)?.id ?? next++;
      return { id, route_id: routeId, waypoint_id: stop.waypoint_id, waypoint_name: waypoint?.name ?? '', waypoint_town: waypoint?.town ?? '', position, minutes_from_start: stop.minutes_from_start, created_at: AT, updated_at: AT };
    });
    table.rows = [...others, ...saved];
    return HttpResponse.json({ data: saved });
  }),
  http.put(apiUrl('/route/route-price/save-grid'), async ({ request }) => {
    if (!isAdmin(request)) return HttpResponse.json(errorBody(401, 'authentication required'), { status: 401 });
    const routeId = Number(new URL(request.url).searchParams.get('route_id'));
    const { prices = [] } = (await request.json()) as { prices?: PriceEntry[] };
    const stops = adminTable('route/route-waypoint').rows.filter((row) => row.route_id === routeId);
    const errors = priceErrors(prices, stops);
    if (errors.length > 0) return refused(errors);
    const table = adminTable('route/route-price');
    const decorate = table.decorate ?? ((row: Row) => row);
    let next = Math.max(0, ...table.rows.map((row) => Number(row.id))) + 1;
    const old = table.rows.filter((row) => row.route_id === routeId);
    const saved = prices.map((cell) => {
      const id = old.find((row) => row.from_waypoint_id === cell.from_waypoint_id && row.to_waypoint_id === cell.to_waypoint_id)?.id ?? next++;
      return decorate({ id, route_id: routeId, ...cell, created_at: AT, updated_at: AT });
    });
    table.rows = [...table.rows.filter((row) => row.route_id !== routeId), ...saved];
    return HttpResponse.json({ data: saved });
  }),
];
