// The stops dropdown and the connection search, answered from the demo catalogue (data/catalogue.ts),
// with the backend's validation answers (422 naming the field).
import { http, HttpResponse } from 'msw';

import { apiUrl } from '../api-url';
import { seatsTaken } from '../data/booking-db';
import { findStop, searchConnections, searchStops, servesPair, warsawToday } from '../data/catalogue';

import { validationError } from './errors';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The routes marked "show on home" (the seed marks Nisko – Kraków and back). */
export const homeRoutesFixture = [
  { id: 1, name: 'Nisko – Kraków', first_stop: { id: 1, name: 'Nisko, Dworzec Autobusowy' }, last_stop: { id: 11, name: 'Kraków, MDA Dworzec Autobusowy' }, lowest_price: 600, lowest_price_formatted: '6,00 zł' },
  { id: 2, name: 'Kraków – Nisko', first_stop: { id: 11, name: 'Kraków, MDA Dworzec Autobusowy' }, last_stop: { id: 1, name: 'Nisko, Dworzec Autobusowy' }, lowest_price: 600, lowest_price_formatted: '6,00 zł' },
];

export const catalogueHandlers = [
  http.get(apiUrl('/route/route/home-routes'), () => HttpResponse.json({ data: homeRoutesFixture })),

  http.get(apiUrl('/route/waypoint/search-dropdown'), ({ request }) => {
    const q = new URL(request.url).searchParams.get('q') ?? '';
    if (q.length > 100) return validationError([{ field: 'q', message: 'q is at most 100 characters', code: 'field.too_long', params: { max: 100 } }]);
    return HttpResponse.json({ data: searchStops(q) });
  }),

  http.post(apiUrl('/search/search/index'), async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    const errors: { field: string; message: string; code: string }[] = [];
    const tripMode = body.tripMode ?? 'one_way';
    if (tripMode !== 'one_way' && tripMode !== 'round_trip') {
      errors.push({ field: 'tripMode', message: 'tripMode is one_way or round_trip', code: 'field.invalid_choice' });
    }
    const start = Number(body.start);
    const end = Number(body.end);
    if (!Number.isInteger(start) || !findStop(start)) errors.push({ field: 'start', message: `no stop with id ${String(body.start)}`, code: 'stop.not_found' });
    if (!Number.isInteger(end) || !findStop(end)) errors.push({ field: 'end', message: `no stop with id ${String(body.end)}`, code: 'stop.not_found' });
    else if (start === end) errors.push({ field: 'end', message: 'the destination must differ from the start', code: 'search.same_stops' });
    const date = typeof body.date === 'string' ? body.date : '';
    const dateBack = typeof body.dateBack === 'string' ? body.dateBack : '';
    if (!DAY.test(date)) errors.push({ field: 'date', message: 'date must be a date YYYY-MM-DD', code: 'field.not_date' });
    else if (date < warsawToday()) errors.push({ field: 'date', message: 'date is in the past', code: 'date.in_past' });
    if (tripMode === 'round_trip') {
      if (!DAY.test(dateBack)) errors.push({ field: 'dateBack', message: 'a return trip needs dateBack', code: 'field.blank' });
      else if (dateBack < date) errors.push({ field: 'dateBack', message: 'dateBack must not be before date', code: 'date.before_start' });
    }
    if (errors.length > 0) return validationError(errors);

    const outbound = searchConnections(start, end, date, seatsTaken);
    const back = tripMode === 'round_trip' ? searchConnections(end, start, dateBack, seatsTaken) : [];
    return HttpResponse.json({
      data: {
        outbound,
        return: back,
        // As the backend: whether a line connects the stops at all, to word an empty day.
        served: outbound.length > 0 || servesPair(start, end),
        return_served: tripMode === 'round_trip' && (back.length > 0 || servesPair(end, start)),
      },
    });
  }),
];
