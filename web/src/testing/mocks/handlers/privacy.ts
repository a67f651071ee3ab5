// Personal data under RODO (issue 38), as the API documents them. The admin's requests (`/privacy/request/*`:
// the list, recording one, erasing, closing, the export) and the register of erasures (`/privacy/erasure/all`);
// a guest's link (`/privacy/guest/link`, always 202), their data by its token (`/privacy/guest/data`)
// and their erasure (`/privacy/guest/erase`), after which the token is dead.
//
// Seeded: an open erasure by letter (anna.nowak@example.com, 12 days left), an open export by e-mail
// (2 days overdue), and a done one (an account deleted) with two erasures in the register. A guest's
// link works with the token `GUEST_TOKEN`.
import { http, HttpResponse } from 'msw';

import { email as emailRule } from '@/shared/rules/values';

import { apiUrl } from '../api-url';

import { isAdmin } from './admin';
import { errorAnswer, validationError } from './errors';
import { pagination } from './responses';

/** The token of the guest's link the mock knows (until it is used). */
export const GUEST_TOKEN = 'gosc-link-token';
export const GUEST_ORDER = 'NB-2026-000077';

interface MockRequest {
  id: string;
  number: string;
  kind: string;
  channel: string;
  email: string | null;
  received_at: string;
  respond_by: string;
  days_left: number | null;
  state: string;
  done_at: string | null;
  done_by_email: string | null;
  orders: string[];
  outcome: string | null;
}

interface MockErasure {
  subject: string;
  data: string;
  number: string | null;
  erased_at: string;
  by: string;
  by_email: string | null;
  reason: string;
}

const requestId = (n: number) => `00000000-0000-4000-8000-0000000d${String(n).padStart(4, '0')}`;

function requestsSeed(): MockRequest[] {
  return [
    {
      id: requestId(1),
      number: 'RODO-2026-000001',
      kind: 'erasure',
      channel: 'account',
      email: null,
      received_at: '2026-11-02T09:00:00Z',
      respond_by: '2026-12-02',
      days_left: null,
      state: 'done',
      done_at: '2026-11-02T09:00:00Z',
      done_by_email: null,
      orders: ['NB-2026-000010', 'NB-2026-000011'],
      outcome: 'Usunięto dane z 1 zamówienia; zostają do 2026-12-06: NB-2026-000011 (podróż przed nami).',
    },
    {
      id: requestId(2),
      number: 'RODO-2026-000002',
      kind: 'erasure',
      channel: 'letter',
      email: 'anna.nowak@example.com',
      received_at: '2026-11-15T10:00:00Z',
      respond_by: '2026-12-15',
      days_left: 12,
      state: 'open',
      done_at: null,
      done_by_email: null,
      orders: [],
      outcome: null,
    },
    {
      id: requestId(3),
      number: 'RODO-2026-000003',
      kind: 'export',
      channel: 'email',
      email: 'piotr.zielinski@example.com',
      received_at: '2026-10-30T08:00:00Z',
      respond_by: '2026-11-30',
      days_left: -2,
      state: 'open',
      done_at: null,
      done_by_email: null,
      orders: [],
      outcome: null,
    },
  ];
}

function erasuresSeed(): MockErasure[] {
  return [
    {
      subject: 'order:00000000-0000-4000-8000-000000000510:customer',
      data: 'customer',
      number: 'NB-2026-000010',
      erased_at: '2026-11-02T09:00:00Z',
      by: 'person',
      by_email: null,
      reason: 'konto usunięte przez klienta',
    },
    {
      subject: 'order:00000000-0000-4000-8000-000000000499:buyer',
      data: 'buyer',
      number: 'NB-2021-000003',
      erased_at: '2026-01-01T02:00:00Z',
      by: 'schedule',
      by_email: null,
      reason: 'minął okres przechowywania faktury',
    },
  ];
}

let requests = requestsSeed();
let erasures = erasuresSeed();
let guestTokens = new Set([GUEST_TOKEN]);

/** Back to the seed (tests). */
export function resetPrivacyMock(): void {
  requests = requestsSeed();
  erasures = erasuresSeed();
  guestTokens = new Set([GUEST_TOKEN]);
}

const forbidden = () => errorAnswer(403, 'Forbidden', 'you are not allowed to do this', 'auth.forbidden');
const notFound = () => errorAnswer(404, 'Not Found', 'There is no such request.', 'privacy.request_not_found');
const done = () => errorAnswer(409, 'Conflict', 'This request is done already.', 'privacy.request_done');
const linkInvalid = () => errorAnswer(404, 'Not Found', 'This link is unknown, used or expired.', 'privacy.link_invalid');

function page<Model>(request: Request, models: Model[]) {
  const params = new URL(request.url).searchParams;
  const number = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const perPage = Math.max(1, Number(params.get('per-page') ?? 20) || 20);
  const slice = models.slice((number - 1) * perPage, number * perPage);
  return HttpResponse.json({ data: { models: slice, pagination: pagination(number, perPage, models.length) } });
}

/** Open ones by days left, then the newest (the server's default order). */
function ordered(list: MockRequest[]): MockRequest[] {
  return [...list].sort((a, b) => {
    if (a.state !== b.state) return a.state === 'open' ? -1 : 1;
    if (a.state === 'open' && a.days_left !== b.days_left) return (a.days_left ?? 0) - (b.days_left ?? 0);
    return b.received_at.localeCompare(a.received_at);
  });
}

/** The kept part of an erasure of Anna's orders: an order whose journey is still ahead. */
const KEPT = [{ order_number: 'NB-2026-000012', data: 'customer', until: '2026-12-20T10:15:00Z', why: 'journey_ahead' }];

function personalData(email: string | null) {
  return {
    generated_at: '2026-11-27T10:00:00Z',
    account: null,
    orders: [
      {
        number: GUEST_ORDER,
        placed_at: '2026-11-20T09:30:00Z',
        status: 'paid',
        first_name: 'Ewa',
        last_name: 'Gość',
        email: email ?? 'ewa.gosc@example.com',
        phone: '+48 600 700 800',
        route_name: 'Nisko – Kraków',
        from_name: 'Nisko',
        to_name: 'Kraków',
        departure_at: '2026-12-05T06:30:00Z',
        total: 5400,
        invoice: null,
        tickets: [{ number: 'NB-2026-000077-1', status: 'valid', from_name: 'Nisko', to_name: 'Kraków', departure_at: '2026-12-05T06:30:00Z', passenger_name: null }],
        consents: [
          { kind: 'terms', given_at: '2026-11-20T09:30:00Z' },
          { kind: 'personal_data', given_at: '2026-11-20T09:30:00Z' },
        ],
      },
    ],
    complaints: [],
    messages: [{ order_number: GUEST_ORDER, kind: 'tickets', sent_at: '2026-11-20T09:31:00Z' }],
  };
}

type StepBody = { id?: string };

function finish(request: MockRequest, by: string, outcome: string) {
  Object.assign(request, { state: 'done', days_left: null, email: null, done_at: '2026-11-27T10:00:00Z', done_by_email: by, outcome });
}

export const privacyHandlers = [
  http.get(apiUrl('/privacy/request/all'), ({ request }) => {
    if (!isAdmin(request)) return forbidden();
    const state = new URL(request.url).searchParams.get('filter[state][eq]');
    return page(request, ordered(requests.filter((r) => !state || r.state === state)));
  }),
  http.post(apiUrl('/privacy/request/save'), async ({ request }) => {
    if (!isAdmin(request)) return forbidden();
    const body = (await request.json()) as { kind?: string; channel?: string; email?: string };
    const email = body.email ?? '';
    if (emailRule(email) !== null) {
      return validationError([{ field: 'email', message: 'Email is not a valid e-mail address.', code: email.trim() ? 'field.invalid_email' : 'field.blank' }]);
    }
    if (!['export', 'erasure'].includes(body.kind ?? '') || !['letter', 'desk', 'email'].includes(body.channel ?? '')) {
      return validationError([{ field: body.kind ? 'channel' : 'kind', message: 'Choose one of the values.', code: 'field.invalid_choice' }]);
    }
    const n = requests.length + 1;
    const recorded: MockRequest = {
      id: requestId(n),
      number: `RODO-2026-${String(n).padStart(6, '0')}`,
      kind: body.kind ?? 'export',
      channel: body.channel ?? 'letter',
      email: email.trim(),
      received_at: '2026-11-27T10:00:00Z',
      respond_by: '2026-12-27',
      days_left: 30,
      state: 'open',
      done_at: null,
      done_by_email: null,
      orders: [],
      outcome: null,
    };
    requests.push(recorded);
    return HttpResponse.json({ data: { request_id: recorded.id, number: recorded.number, respond_by: recorded.respond_by, done: false, orders_erased: 0, kept: [] } }, { status: 201 });
  }),
  http.post(apiUrl('/privacy/request/erase'), async ({ request }) => {
    if (!isAdmin(request)) return forbidden();
    const { id } = (await request.json()) as StepBody;
    const found = requests.find((r) => r.id === id);
    if (!found) return notFound();
    if (found.state === 'done') return done();
    if (found.kind !== 'erasure') return errorAnswer(409, 'Conflict', 'This request asks for a copy, not an erasure.', 'privacy.not_erasure');
    finish(found, 'admin@example.com', 'Usunięto dane z 1 zamówienia; zostają do 2026-12-20: NB-2026-000012 (podróż przed nami).');
    found.orders = ['NB-2026-000011', 'NB-2026-000012'];
    erasures.unshift({ subject: 'order:00000000-0000-4000-8000-000000000511:customer', data: 'customer', number: 'NB-2026-000011', erased_at: '2026-11-27T10:00:00Z', by: 'admin', by_email: 'admin@example.com', reason: `wniosek ${found.number}` });
    return HttpResponse.json({ data: { request_id: found.id, number: found.number, respond_by: found.respond_by, done: true, orders_erased: 1, kept: KEPT } });
  }),
  http.post(apiUrl('/privacy/request/close'), async ({ request }) => {
    if (!isAdmin(request)) return forbidden();
    const { id } = (await request.json()) as StepBody;
    const found = requests.find((r) => r.id === id);
    if (!found) return notFound();
    if (found.state === 'done') return done();
    finish(found, 'admin@example.com', found.kind === 'export' ? 'Kopię danych wysłano.' : 'Zamknięto bez usuwania.');
    return HttpResponse.json({ data: { request_id: found.id, number: found.number, respond_by: found.respond_by, done: true, orders_erased: 0, kept: [] } });
  }),
  http.get(apiUrl('/privacy/request/export'), ({ request }) => {
    if (!isAdmin(request)) return forbidden();
    const id = new URL(request.url).searchParams.get('id');
    const found = requests.find((r) => r.id === id);
    if (!found) return notFound();
    if (found.state === 'done') return done();
    return HttpResponse.json({ data: personalData(found.email) });
  }),
  http.get(apiUrl('/privacy/erasure/all'), ({ request }) => {
    if (!isAdmin(request)) return forbidden();
    return page(request, erasures);
  }),

  http.post(apiUrl('/privacy/guest/link'), async ({ request }) => {
    const body = (await request.json()) as { number?: string; email?: string; language?: string | null };
    const errors = [
      ...((body.number ?? '').trim() ? [] : [{ field: 'number', message: 'Number cannot be blank.', code: 'field.blank' }]),
      ...(emailRule(body.email ?? '') === null ? [] : [{ field: 'email', message: 'Email is not a valid e-mail address.', code: 'field.invalid_email' }]),
    ];
    if (errors.length > 0) return validationError(errors);
    return HttpResponse.json({ data: { accepted: true } }, { status: 202 });
  }),
  http.get(apiUrl('/privacy/guest/data'), ({ request }) => {
    const token = new URL(request.url).searchParams.get('token') ?? '';
    if (!guestTokens.has(token)) return linkInvalid();
    return HttpResponse.json({ data: personalData('ewa.gosc@example.com') });
  }),
  http.post(apiUrl('/privacy/guest/erase'), async ({ request }) => {
    const { token } = (await request.json()) as { token?: string };
    if (!guestTokens.delete(token ?? '')) return linkInvalid();
    return HttpResponse.json({ data: { orders_erased: 1, kept: [{ order_number: GUEST_ORDER, data: 'customer', until: '2026-12-05T09:00:00Z', why: 'journey_ahead' }] } });
  }),
];
