// The admin side of the API (SuperAdmin only): one generic in-memory table per resource, answering
// the API's list conventions (`page`, `per-page`, `sort`, `filter[field][op]`), one, save (POST new,
// PUT ?id=) with 422 field errors for blank required fields, and delete where the API has it. A
// request without the admin's token falls through to the public handlers (banners, discounts).
import { http, HttpResponse } from 'msw';

import { isValidNip, normaliseNip } from '@/shared/rules/nip';

import { apiUrl } from '../api-url';

import { mockTokenFor } from './accounts';
import { menuFixtures } from './app';
import { publicSettingsFixture } from './company';
import { errorBody, pagination } from './responses';

export type Row = Record<string, unknown>;
const AT = '2026-01-15T08:00:00Z';
const stamp = { created_at: AT, updated_at: AT };

export interface Table {
  rows: Row[];
  key: string;
  required: string[];
  canDelete: boolean;
  /** Fills the read-only fields of a saved row. */
  decorate?: (row: Row) => Row;
  /** What a create answers when it is not the row with 200 (a coupon: 201 and the code). */
  created?: (row: Row) => { status: number; data: Row };
}

function seed(): Record<string, Table> {
  return {
    'route/waypoint': {
      key: 'id',
      required: ['name', 'town'],
      canDelete: false,
      rows: [
        { id: 1, name: 'Nisko, Dworzec Autobusowy', town: 'Nisko', latitude: 50.5206, longitude: 22.139, ...stamp },
        { id: 2, name: 'Stalowa Wola, Dworzec Autobusowy', town: 'Stalowa Wola', latitude: null, longitude: null, ...stamp },
        { id: 11, name: 'Kraków, MDA Dworzec Autobusowy', town: 'Kraków', latitude: 50.068, longitude: 19.9476, ...stamp },
      ],
    },
    'route/route': {
      key: 'id',
      required: ['name'],
      canDelete: true,
      rows: [{ id: 1, name: 'Nisko – Kraków', active: true, show_on_home: true, archived: false, distance_km: 260, ...stamp }],
    },
    'route/route-waypoint': {
      key: 'id',
      required: ['route_id', 'waypoint_id'],
      canDelete: true,
      // As the server: the stop's name and town ride along (read only).
      decorate: (row) => {
        const stop = tables['route/waypoint']?.rows.find((waypoint) => waypoint.id === row.waypoint_id);
        return { ...row, waypoint_name: stop?.name ?? '', waypoint_town: stop?.town ?? '' };
      },
      rows: [
        { id: 1, route_id: 1, waypoint_id: 1, waypoint_name: 'Nisko, Dworzec Autobusowy', waypoint_town: 'Nisko', position: 0, minutes_from_start: 0, ...stamp },
        { id: 2, route_id: 1, waypoint_id: 11, waypoint_name: 'Kraków, MDA Dworzec Autobusowy', waypoint_town: 'Kraków', position: 1, minutes_from_start: 180, ...stamp },
      ],
    },
    'route/route-price': {
      key: 'id',
      required: ['route_id', 'price'],
      canDelete: true,
      decorate: (row) => {
        const name = (id: unknown) => text(tables['route/waypoint']?.rows.find((waypoint) => waypoint.id === id)?.name);
        const price = Number(row.price);
        return { ...row, from_name: name(row.from_waypoint_id), to_name: name(row.to_waypoint_id), price_formatted: `${Math.trunc(price / 100)},${String(price % 100).padStart(2, '0')} zł` };
      },
      rows: [
        { id: 1, route_id: 1, from_waypoint_id: 1, from_name: 'Nisko, Dworzec Autobusowy', to_waypoint_id: 11, to_name: 'Kraków, MDA Dworzec Autobusowy', price: 3900, price_formatted: '39,00 zł', ...stamp },
      ],
    },
    'route/route-course-settings': {
      key: 'id',
      required: ['route_id'],
      canDelete: true,
      rows: [
        { id: 1, route_id: 1, name: 'Nisko – Kraków: codziennie', departure_times: ['05:00', '07:30'], week_days: '0,1,2,3,4,5,6', seats: 49, days_before_generate: 60, valid_from: null, valid_to: null, active: true, ...stamp },
      ],
      decorate: (row) => ({ ...row, week_days: Array.isArray(row.week_days) ? row.week_days.join(',') : row.week_days }),
    },
    'route/route-waypoint-details': { key: 'id', required: ['route_waypoint_id'], canDelete: true, rows: [] },
    'route/route-course-details': { key: 'id', required: ['route_course_settings_id', 'date'], canDelete: true, rows: [] },
    'course/discount': {
      key: 'id',
      required: ['name'],
      canDelete: false,
      rows: [
        { id: 1, name: 'Ulga 37% – ustawowa', name_en: '37% statutory reduction', kind: 'percent', value: 37, valid_from: null, valid_to: null, active: true, statutory: true, sort_order: 10, ...stamp },
      ],
    },
    'course/course': {
      key: 'id',
      required: ['route_id', 'seats'],
      canDelete: false,
      rows: [
        {
          id: '0b6f7d2e-1c1a-4f4e-9a59-3f2f6f1c2a01',
          route_id: 1,
          route_name: 'Nisko – Kraków',
          route_course_settings_id: 1,
          departure_at: '2026-12-01T07:30:00+01:00',
          seats: 49,
          sale_open: true,
          inventory_opened: true,
          disruption: 'none',
          delay_minutes: null,
          departed_at: null,
          ...stamp,
        },
      ],
    },
    'app/menu': {
      key: 'id',
      required: ['name', 'type'],
      canDelete: false,
      rows: Object.values(menuFixtures).map((menu, index) => ({
        id: index + 1,
        name: menu.name,
        name_en: '',
        type: menu.type,
        content: JSON.stringify(menu.items),
        content_en: '',
        ...stamp,
      })),
      // The API takes the items as JSON text or as a list, and always answers JSON text.
      decorate: (row) => ({ ...row, content: typeof row.content === 'string' ? row.content : JSON.stringify(row.content) }),
    },
    'order/coupon': {
      key: 'code',
      required: [],
      canDelete: false,
      rows: [coupon('NISKO10', 1000), coupon('NISKO50', 5000)],
      created: (row) => ({
        status: 201,
        data: { code: row.code, value: row.initial_value, value_formatted: row.initial_value_formatted, initial_value: row.initial_value, expires_at: row.expires_at },
      }),
      // A new coupon: a made-up code when none is sent, its value as initial and current value.
      decorate: (row) => {
        const value = Number(row.current_value ?? row.value ?? row.initial_value ?? 0);
        couponSequence += 1;
        const code = text(row.code) || `LOS${String(couponSequence).padStart(5, '0')}`;
        return { ...coupon(code, Number(row.initial_value ?? value), value), expires_at: row.expires_at ?? null };
      },
    },
    'app/banner': {
      key: 'id',
      required: ['title'],
      canDelete: false,
      rows: [
        { id: 1, title: 'Kup bilet online', title_en: 'Buy online', text: '<p>Bez kolejki.</p>', text_en: '', link: '/nisko-krakow', link_target: 'nuxt-link', bg_class: 'bg-primary', text_class: 'text-white', refresh_time: 86400, sort_order: 0, valid_from: null, valid_to: null, ...stamp },
      ],
    },
  };
}

function coupon(code: string, initial: number, current = initial): Row {
  const zl = (grosz: number) => `${Math.trunc(grosz / 100)},${String(grosz % 100).padStart(2, '0')} zł`;
  return {
    code,
    initial_value: initial,
    initial_value_formatted: zl(initial),
    current_value: current,
    current_value_formatted: zl(current),
    usages: 0,
    used: current === 0,
    expired: false,
    expires_at: null,
    origin: 'admin',
    user_id: null,
    issued_at: AT,
    updated_at: AT,
    orders: [],
  };
}

let couponSequence = 0;
let tables = seed();
/** One resource's in-memory table (the route editor's whole-list saves write to it, `route-lists.ts`). */
export const adminTable = (path: string) => tables[path] as Table;

/** Back to the seed (between tests). */
export function resetAdminMock(): void {
  tables = seed();
  settings = settingsSeed();
  couponSequence = 0;
}

/** The admin's token: a test's (`mockTokenFor`) or one a login in `npm run dev:mock` issued (`…-{n}`). */
export const isAdmin = (request: Request) => {
  const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  const admin = mockTokenFor('admin@example.com');
  return token === admin || (token.startsWith(`${admin}-`) && /^\d+$/.test(token.slice(admin.length + 1)));
};

/** A cell as text (cells are strings, numbers, booleans or null). */
function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/** A timestamp as an instant; one without a zone (`YYYY-MM-DD HH:MM:SS`, as filters send it) is Warsaw time. */
function instant(value: string): number {
  if (/[zZ]|[+-]\d{2}:?\d{2}$/.test(value)) return Date.parse(value);
  const asUtc = Date.parse(`${value.replace(' ', 'T')}Z`);
  const warsaw = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw', dateStyle: 'short', timeStyle: 'medium' }).format(new Date(asUtc));
  return asUtc - (Date.parse(`${warsaw.replace(' ', 'T')}Z`) - asUtc);
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // Timestamps compare as instants (rows carry an offset or Z, filters may send Warsaw time).
  if (typeof a === 'string' && typeof b === 'string' && TIMESTAMP.test(a) && TIMESTAMP.test(b)) return instant(a) - instant(b);
  return text(a).localeCompare(text(b), 'pl');
}

function matches(row: Row, field: string, op: string, value: string): boolean {
  const cell = row[field];
  if (op === 'like') return text(cell).toLowerCase().includes(value.toLowerCase());
  if (op === 'eq') return text(cell) === value;
  if (op === 'in') return value.split(',').includes(text(cell));
  const order = compare(typeof cell === 'number' ? cell : text(cell), typeof cell === 'number' ? Number(value) : value);
  return op === 'gte' ? order >= 0 : op === 'lte' ? order <= 0 : op === 'gt' ? order > 0 : order < 0;
}

/** A page of `rows` for the list conventions of `url` (filters, sort, page). */
export function list(table: Pick<Table, 'rows'>, url: URL) {
  let rows = [...table.rows];
  for (const [key, value] of url.searchParams) {
    const filter = /^filter\[(\w+)\]\[(\w+)\]$/.exec(key);
    if (filter?.[1] && filter[2]) rows = rows.filter((row) => matches(row, filter[1] ?? '', filter[2] ?? '', value));
  }
  const sort = url.searchParams.get('sort') ?? '';
  if (sort) {
    const field = sort.replace(/^-/, '');
    rows.sort((a, b) => compare(a[field], b[field]) * (sort.startsWith('-') ? -1 : 1));
  }
  const page = Number(url.searchParams.get('page') ?? 1);
  const perPage = Number(url.searchParams.get('per-page') ?? 20);
  return { models: rows.slice((page - 1) * perPage, page * perPage), pagination: pagination(page, perPage, rows.length) };
}

function resourceHandlers(path: string) {
  const table = () => tables[path] as Table;
  const find = (url: URL) => table().rows.find((row) => String(row[table().key]) === url.searchParams.get('id'));
  const notFound = () => HttpResponse.json(errorBody(404, 'not found'), { status: 404 });
  const save = async (request: Request, existing: Row | undefined) => {
    const body = (await request.json()) as Row;
    const merged = { ...existing, ...body };
    const errors = table()
      .required.filter((field) => text(merged[field]).trim() === '')
      .map((field) => ({ field, message: `${field} is required`, code: 'field.blank' }));
    if (errors.length > 0) return HttpResponse.json(errorBody(422, 'the data is not valid', errors), { status: 422 });
    const id = existing?.id ?? Math.max(0, ...table().rows.map((row) => Number(row.id) || 0)) + 1;
    const row = (table().decorate ?? ((r: Row) => r))({ ...merged, ...(table().key === 'id' ? { id } : { id: undefined }), ...stamp });
    table().rows = existing ? table().rows.map((r) => (r === existing ? row : r)) : [...table().rows, row];
    const created = !existing ? table().created?.(row) : undefined;
    if (created) return HttpResponse.json({ data: created.data }, { status: created.status });
    return HttpResponse.json({ data: row });
  };
  return [
    http.get(apiUrl(`/${path}/all`), ({ request }) => {
      if (!isAdmin(request)) return undefined;
      return HttpResponse.json({ data: list(table(), new URL(request.url)) });
    }),
    http.get(apiUrl(`/${path}/one`), ({ request }) => {
      const row = find(new URL(request.url));
      return row ? HttpResponse.json({ data: row }) : notFound();
    }),
    http.post(apiUrl(`/${path}/save`), ({ request }) => save(request, undefined)),
    http.put(apiUrl(`/${path}/save`), ({ request }) => {
      const row = find(new URL(request.url));
      return row ? save(request, row) : notFound();
    }),
    http.delete(apiUrl(`/${path}/delete`), ({ request }) => {
      const row = find(new URL(request.url));
      if (!row || !table().canDelete) return notFound();
      table().rows = table().rows.filter((r) => r !== row);
      return HttpResponse.json({ data: { id: row.id } });
    }),
  ];
}

let settings = settingsSeed();

function settingsSeed(): Row {
  return {
    id: 1,
    name: 'Nisko Bus sp. z o.o.',
    invoice_prefix: 'NB',
    invoice_issuer: 'Anna Administratorka',
    invoice_email: 'faktury@niskobus.example',
    order_report_email: 'raporty@niskobus.example',
    page_footer_1: publicSettingsFixture.page_footer_1,
    page_footer_2: publicSettingsFixture.page_footer_2,
    page_footer_1_en: '',
    page_footer_2_en: '',
    refresh_time: 3600,
    vat_rate_percent: 8,
    payment_time_minutes: 15,
    sales_close_minutes: 10,
    return_cutoff_minutes: 10,
    return_fee_percent: 10,
    stamps_per_reward: 10,
    reward_value: 2000,
    tax_id: '8652556348',
    address: 'ul. Kolejowa 12',
    postal_code: '37-400',
    city: 'Nisko',
    country: 'PL', ksef_send_consumers: false,
  };
}

const settingsHandlers = [
  http.get(apiUrl('/company/company/get-settings'), () => HttpResponse.json({ data: { settings } })),
  http.post(apiUrl('/company/company/save-settings'), async ({ request }) => {
    const body = (await request.json()) as Row;
    if (typeof body.invoice_prefix === 'string' && !/^[A-Z0-9/-]{1,20}$/.test(body.invoice_prefix)) {
      return HttpResponse.json(
        errorBody(422, 'the data is not valid', [{ field: 'invoice_prefix', message: 'invoice_prefix is 1-20 of A-Z, 0-9, / and -', code: 'field.invalid' }]),
        { status: 422 },
      );
    }
    // As the server: a NIP is checked by its checksum and kept as its ten digits (empty: not set yet).
    if (typeof body.tax_id === 'string') {
      const nip = body.tax_id.trim();
      if (nip !== '' && !isValidNip(nip)) {
        return HttpResponse.json(
          errorBody(422, 'the data is not valid', [{ field: 'tax_id', message: 'Please enter a valid NIP (10 digits).', code: 'field.invalid_vat_number' }]),
          { status: 422 },
        );
      }
      body.tax_id = nip === '' ? '' : normaliseNip(nip);
    }
    settings = { ...settings, ...body };
    return HttpResponse.json({ data: { settings } });
  }),
];

/** `GET /course/course/load`: the seeded course's load per segment, as the read model gives it. */
const courseLoadHandler = http.get(apiUrl('/course/course/load'), ({ request }) => {
  if (!isAdmin(request)) return undefined;
  const id = new URL(request.url).searchParams.get('id');
  const course = (tables['course/course']?.rows ?? []).find((row) => row.id === id);
  if (!course) return HttpResponse.json(errorBody(404, 'there is no seat inventory of this course'), { status: 404 });
  return HttpResponse.json({
    data: {
      course_id: course.id,
      route_id: course.route_id,
      departure_at: course.departure_at,
      seats: 49,
      segments: [
        { from_id: 1, from_name: 'Nisko, Dworzec Autobusowy', to_id: 2, to_name: 'Stalowa Wola, Dworzec Autobusowy', taken: 12, free: 37 },
        { from_id: 2, from_name: 'Stalowa Wola, Dworzec Autobusowy', to_id: 3, to_name: 'Kraków, MDA Dworzec Autobusowy', taken: 5, free: 44 },
      ],
    },
  });
});

/**
 * `GET /course/course/generate-preview` and `POST /course/course/generate`: the seeded timetables'
 * departures for the days asked (each timetable's own by default), none of them existing yet. The
 * calendar (week days, exceptions, past departures) is the server's; the mock counts every day.
 */
function plannedCourses(routeId: number | null, days: number | null) {
  return (tables['route/route-course-settings']?.rows ?? [])
    .filter((row) => row.active === true && (routeId === null || row.route_id === routeId))
    .map((row) => ({
      settings_id: row.id,
      route_id: row.route_id,
      new: (days || Number(row.days_before_generate)) * (row.departure_times as string[]).length,
      existing: 0,
      first_departure: '2026-12-01T04:00:00Z',
      last_departure: '2026-12-30T06:30:00Z',
    }));
}

const generateHandlers = [
  http.get(apiUrl('/course/course/generate-preview'), ({ request }) => {
    if (!isAdmin(request)) return undefined;
    const query = new URL(request.url).searchParams;
    const timetables = plannedCourses(query.has('route_id') ? Number(query.get('route_id')) : null, query.has('days') ? Number(query.get('days')) : null);
    const created = timetables.reduce((sum, line) => sum + line.new, 0);
    return HttpResponse.json({ data: { new: created, existing: 0, timetables, skipped_routes: [] } });
  }),
  http.post(apiUrl('/course/course/generate'), async ({ request }) => {
    if (!isAdmin(request)) return undefined;
    const body = (await request.json().catch(() => ({}))) as { route_id?: number | null; days?: number | null };
    const created = plannedCourses(body.route_id ?? null, body.days ?? null).reduce((sum, line) => sum + line.new, 0);
    return HttpResponse.json({ data: { created, existing: 0, inventories_opened: created, skipped_routes: [] } });
  }),
];

export const adminHandlers = [
  courseLoadHandler,
  ...generateHandlers,
  ...Object.keys(seed()).flatMap(resourceHandlers),
  ...settingsHandlers,
];
