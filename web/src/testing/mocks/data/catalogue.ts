// A small copy of the demo catalogue (fixtures/src/catalogue.rs): real stops of Podkarpacie and
// Małopolska, three lines that run both ways. The search and order handlers compute connections from
// it, so any pair of stops on a line can be searched on any date; their fares are the server's, read
// from data/price-table.ts (Nisko – Kraków is 39 zł).

import { courseDisruption, disruptionFields } from './disruption-store';
import { fareOf } from './price-table';

export interface MockStop {
  id: number;
  name: string;
  town: string;
}

export const STOPS: MockStop[] = [
  { id: 1, name: 'Nisko, Dworzec Autobusowy', town: 'Nisko' },
  { id: 2, name: 'Stalowa Wola, Dworzec Autobusowy', town: 'Stalowa Wola' },
  { id: 3, name: 'Tarnobrzeg, Dworzec Autobusowy', town: 'Tarnobrzeg' },
  { id: 4, name: 'Baranów Sandomierski, Rynek', town: 'Baranów Sandomierski' },
  { id: 5, name: 'Mielec, Dworzec Autobusowy', town: 'Mielec' },
  { id: 6, name: 'Radomyśl Wielki, Rynek', town: 'Radomyśl Wielki' },
  { id: 7, name: 'Dąbrowa Tarnowska, Dworzec Autobusowy', town: 'Dąbrowa Tarnowska' },
  { id: 8, name: 'Żabno, Rynek', town: 'Żabno' },
  { id: 9, name: 'Brzesko, Dworzec Autobusowy', town: 'Brzesko' },
  { id: 10, name: 'Bochnia, Dworzec Autobusowy', town: 'Bochnia' },
  { id: 11, name: 'Kraków, MDA Dworzec Autobusowy', town: 'Kraków' },
  { id: 12, name: 'Rzeszów, Dworzec Autobusowy', town: 'Rzeszów' },
  { id: 13, name: 'Głogów Małopolski, Rynek', town: 'Głogów Małopolski' },
  { id: 14, name: 'Sokołów Małopolski, Rynek', town: 'Sokołów Małopolski' },
  { id: 15, name: 'Kamień, Centrum', town: 'Kamień' },
  { id: 16, name: 'Jeżowe, Centrum', town: 'Jeżowe' },
  { id: 17, name: 'Nowa Dęba, Centrum', town: 'Nowa Dęba' },
  { id: 18, name: 'Majdan Królewski, Centrum', town: 'Majdan Królewski' },
  { id: 19, name: 'Kolbuszowa, Dworzec Autobusowy', town: 'Kolbuszowa' },
];

export const STOP_ID = { nisko: 1, stalowaWola: 2, tarnobrzeg: 3, mielec: 5, krakow: 11, rzeszow: 12 } as const;

interface MockLine {
  id: number;
  name: string;
  /** Stop ids in order, with minutes from the first. */
  stops: [number, number][];
  departures: string[];
  seats: number;
}

function reversed(id: number, name: string, line: Omit<MockLine, 'id' | 'name' | 'departures'>, departures: string[]): MockLine {
  const total = line.stops.at(-1)?.[1] ?? 0;
  return {
    id,
    name,
    seats: line.seats,
    departures,
    stops: [...line.stops].reverse().map(([stop, minutes]) => [stop, total - minutes]),
  };
}

const niskoKrakow = {
  stops: [
    [1, 0],
    [2, 15],
    [3, 45],
    [4, 65],
    [5, 90],
    [6, 110],
    [7, 135],
    [8, 150],
    [9, 175],
    [10, 195],
    [11, 235],
  ] as [number, number][],
  seats: 49,
};
const rzeszowNisko = {
  stops: [
    [12, 0],
    [13, 20],
    [14, 35],
    [15, 55],
    [16, 65],
    [1, 80],
  ] as [number, number][],
  seats: 33,
};
const tarnobrzegRzeszow = {
  stops: [
    [3, 0],
    [17, 25],
    [18, 40],
    [19, 65],
    [12, 100],
  ] as [number, number][],
  seats: 33,
};

export const LINES: MockLine[] = [
  { id: 1, name: 'Nisko – Kraków', departures: ['05:00', '07:30', '12:00', '15:30'], ...niskoKrakow },
  reversed(2, 'Kraków – Nisko', niskoKrakow, ['06:45', '10:30', '15:00', '18:15']),
  { id: 3, name: 'Rzeszów – Nisko', departures: ['06:10', '09:40', '13:20', '16:50'], ...rzeszowNisko },
  reversed(4, 'Nisko – Rzeszów', rzeszowNisko, ['05:30', '08:00', '12:10', '17:40']),
  { id: 5, name: 'Tarnobrzeg – Rzeszów', departures: ['06:00', '11:00', '16:00'], ...tarnobrzegRzeszow },
  reversed(6, 'Rzeszów – Tarnobrzeg', tarnobrzegRzeszow, ['08:30', '13:30', '18:30']),
];

export function findStop(id: number): MockStop | undefined {
  return STOPS.find((stop) => stop.id === id);
}

/** Lower-cased, without Polish diacritics: "Łódź" -> "lodz", as the backend's search key. */
export function foldText(text: string): string {
  return text
    .toLocaleLowerCase('pl')
    .replace(/ł/g, 'l')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** The dropdown's rule: name or town starts with `q`, or has a word starting with it; names first; at most 20. */
export function searchStops(q: string): MockStop[] {
  const key = foldText(q.trim());
  const starts = (text: string) => foldText(text).startsWith(key);
  const wordStarts = (text: string) => foldText(text).split(/[\s,.-]+/).some((word) => word.startsWith(key));
  const first = STOPS.filter((stop) => starts(stop.name) || starts(stop.town));
  const then = STOPS.filter((stop) => !first.includes(stop) && (wordStarts(stop.name) || wordStarts(stop.town)));
  const byName = (a: MockStop, b: MockStop) => a.name.localeCompare(b.name, 'pl');
  return [...first.sort(byName), ...then.sort(byName)].slice(0, 20);
}

// --- Time in Warsaw -------------------------------------------------------------------------

function offsetMinutes(instant: Date): number {
  const name =
    new Intl.DateTimeFormat('en', { timeZone: 'Europe/Warsaw', timeZoneName: 'longOffset' })
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT+01:00';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 60;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** The instant of a Warsaw local date (`YYYY-MM-DD`) and time (`HH:MM`). */
export function warsawInstant(day: string, time: string): Date {
  const asUtc = new Date(`${day}T${time}:00Z`);
  const guess = new Date(asUtc.getTime() - offsetMinutes(asUtc) * 60_000);
  return new Date(asUtc.getTime() - offsetMinutes(guess) * 60_000);
}

/** RFC 3339 with the Warsaw offset, as the API writes course times: `2026-07-12T07:30:00+02:00`. */
export function warsawIso(instant: Date): string {
  const offset = offsetMinutes(instant);
  const local = new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Today in Warsaw, `YYYY-MM-DD`. */
export function warsawToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(now);
}

// --- Courses and connections ----------------------------------------------------------------

/**
 * A course id that says which course it is: `YYYYMMDD-HHMM-40LL-8000-000000000000` (a valid UUID),
 * so the order handlers can rebuild the course from the id alone.
 */
export function courseId(lineId: number, day: string, departure: string): string {
  const line = String(lineId).padStart(2, '0');
  return `${day.replaceAll('-', '')}-${departure.replace(':', '')}-40${line}-8000-000000000000`;
}

export function parseCourseId(id: string): { line: MockLine; day: string; departure: string } | null {
  const match = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})-40(\d{2})-8000-000000000000$/.exec(id);
  if (!match) return null;
  const [, y, mo, d, h, mi, l] = match;
  const line = LINES.find((candidate) => candidate.id === Number(l));
  const departure = `${h}:${mi}`;
  if (!line || !line.departures.includes(departure)) return null;
  return { line, day: `${y}-${mo}-${d}`, departure };
}

export interface MockConnection {
  course_id: string;
  route_id: number;
  route_name: string;
  from: { id: number; name: string };
  to: { id: number; name: string };
  departure_at: string;
  arrival_at: string;
  departure_time: string;
  arrival_time: string;
  duration_minutes: number;
  price: number;
  price_formatted: string;
  seats_available: number;
  cancelled: boolean;
  delay_minutes: number | null;
  disruption_reason: string | null;
}

/** `3900` -> `39,00 zł` (non-breaking spaces), as the backend's `format_pln`. */
export function formatPln(grosz: number): string {
  const sign = grosz < 0 ? '-' : '';
  const abs = Math.abs(grosz);
  const zloty = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${sign}${zloty},${String(abs % 100).padStart(2, '0')}\u00a0zł`;
}

function hhmm(instant: Date): string {
  return warsawIso(instant).slice(11, 16);
}

/** Seats a course starts with, lower on some courses so the list looks lived in (never 0 by itself). */
function baseSeats(line: MockLine, day: string, departure: string): number {
  const seed = [...`${line.id}${day}${departure}`].reduce((sum, ch) => (sum * 31 + ch.charCodeAt(0)) % 9973, 7);
  return Math.max(3, line.seats - (seed % 40));
}

/** The course `courseId` from stop `from` to stop `to`, or null when it does not serve that stretch. */
export function connectionFor(
  id: string,
  from: number,
  to: number,
  seatsTaken: (courseId: string) => number = () => 0,
): MockConnection | null {
  const course = parseCourseId(id);
  if (!course) return null;
  const { line, day, departure } = course;
  const a = line.stops.findIndex(([stop]) => stop === from);
  const b = line.stops.findIndex(([stop]) => stop === to);
  if (a < 0 || b <= a) return null;
  const [, minutesFrom] = line.stops[a] ?? [0, 0];
  const [, minutesTo] = line.stops[b] ?? [0, 0];
  const start = warsawInstant(day, departure);
  const departs = new Date(start.getTime() + minutesFrom * 60_000);
  const arrives = new Date(start.getTime() + minutesTo * 60_000);
  const price = fareOf(line.id, from, to);
  if (price === undefined) return null;
  const fromStop = findStop(from);
  const toStop = findStop(to);
  if (!fromStop || !toStop) return null;
  return {
    course_id: id,
    route_id: line.id,
    route_name: line.name,
    from: { id: fromStop.id, name: fromStop.name },
    to: { id: toStop.id, name: toStop.name },
    departure_at: warsawIso(departs),
    arrival_at: warsawIso(arrives),
    departure_time: hhmm(departs),
    arrival_time: hhmm(arrives),
    duration_minutes: minutesTo - minutesFrom,
    price,
    price_formatted: formatPln(price),
    seats_available: Math.max(0, baseSeats(line, day, departure) - seatsTaken(id)),
    // A course the admin cancelled or delayed (issue 28).
    ...disruptionFields(id),
    disruption_reason: courseDisruption(id)?.reason ?? null,
  };
}

/**
 * Sales close this long before a course leaves the boarding stop
 * (docs/booking-rules.md, 'Sales close before the coach leaves the boarding stop').
 */
const SALES_CLOSE_MS = 10 * 60_000;

/** Whether a line runs from `from` to a later `to` at all (the search's `served`). */
export function servesPair(from: number, to: number): boolean {
  return LINES.some((line) => {
    const a = line.stops.findIndex(([stop]) => stop === from);
    const b = line.stops.findIndex(([stop]) => stop === to);
    return a >= 0 && b > a;
  });
}

/** Every course from `from` to `to` leaving `from` on the Warsaw day `day`, by departure. */
export function searchConnections(
  from: number,
  to: number,
  day: string,
  seatsTaken?: (courseId: string) => number,
  now: Date = new Date(),
): MockConnection[] {
  const found: MockConnection[] = [];
  for (const line of LINES) {
    for (const departure of line.departures) {
      const connection = connectionFor(courseId(line.id, day, departure), from, to, seatsTaken);
      if (connection && new Date(connection.departure_at).getTime() - SALES_CLOSE_MS > now.getTime()) {
        found.push(connection);
      }
    }
  }
  return found.sort((x, y) => x.departure_at.localeCompare(y.departure_at));
}
