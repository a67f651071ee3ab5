// The messages sent to passengers (issue 39): `GET /messages/message/all` (admin only), the outbox's
// e-mails and text messages with where each stands (queued, sent, delivered, failed), as the list
// conventions read them (filters, sort, page; newest first by default).
import { http, HttpResponse } from 'msw';

import type { ApiSchema } from '@/shared/api/schema';

import { apiUrl } from '../api-url';

import { isAdmin, list } from './admin';
import { errorAnswer, validationError } from './errors';

type Message = ApiSchema<'MessageView'>;

const ORDER_ID = '00000000-0000-4000-8000-000000000501';

/** A few messages of the demo order NB-2026-000001 and of an account, one of each state. */
export function seedMessages(): Message[] {
  const base = { order_id: ORDER_ID, order_number: 'NB-2026-000001', last_error: null, sent_at: null, delivered_at: null } as const;
  return [
    {
      ...base,
      id: 1,
      kind: 'tickets-email',
      channel: 'email',
      recipient: 'jan.kowalski@example.com',
      subject: 'Twoje bilety NB-2026-000001',
      state: 'delivered',
      attempts: 1,
      created_at: '2026-11-20T09:00:00Z',
      sent_at: '2026-11-20T09:00:05Z',
      delivered_at: '2026-11-20T09:00:09Z',
      next_attempt_at: '2026-11-20T09:00:00Z',
    },
    {
      ...base,
      id: 2,
      kind: 'disruption/cancelled',
      channel: 'email',
      recipient: 'jan.kowalski@example.com',
      subject: 'Kurs odwołany: Nisko – Kraków',
      state: 'sent',
      attempts: 1,
      created_at: '2026-11-21T07:00:00Z',
      sent_at: '2026-11-21T07:00:04Z',
      next_attempt_at: '2026-11-21T07:00:00Z',
    },
    {
      ...base,
      id: 3,
      kind: 'disruption/cancelled/sms',
      channel: 'sms',
      recipient: '+48600100200',
      subject: '',
      state: 'failed',
      attempts: 5,
      last_error: 'Numer odbiorcy jest nieprawidłowy',
      created_at: '2026-11-21T07:00:00Z',
      next_attempt_at: '2026-11-21T09:00:00Z',
    },
    {
      ...base,
      id: 5,
      order_number: null,
      kind: 'complaint/filed',
      channel: 'email',
      recipient: 'jan.kowalski@example.com',
      subject: 'Otrzymaliśmy reklamację RK-2026-000001',
      state: 'sent',
      attempts: 1,
      created_at: '2026-11-20T10:00:05Z',
      sent_at: '2026-11-20T10:00:08Z',
      next_attempt_at: '2026-11-20T10:00:05Z',
    },
    {
      id: 4,
      order_id: null,
      order_number: null,
      kind: 'mail',
      channel: 'email',
      recipient: 'ola.nowak@example.com',
      subject: 'Potwierdź adres e-mail',
      state: 'queued',
      attempts: 1,
      last_error: 'connection refused',
      created_at: '2026-11-22T10:00:00Z',
      sent_at: null,
      delivered_at: null,
      next_attempt_at: '2026-11-22T10:05:00Z',
    },
  ];
}

const FIELDS = ['id', 'kind', 'channel', 'recipient', 'state', 'attempts', 'order_number', 'created_at'];

export const messageHandlers = [
  http.get(apiUrl('/messages/message/all'), ({ request }) => {
    if (!isAdmin(request)) return errorAnswer(403, 'Forbidden', 'you are not allowed to do this', 'auth.forbidden');
    const url = new URL(request.url);
    for (const key of url.searchParams.keys()) {
      const field = /^filter\[(\w+)\]/.exec(key)?.[1] ?? null;
      if (field !== null && !FIELDS.includes(field)) return validationError([{ field: 'filter', message: `unknown filter field ${field}`, code: 'field.invalid' }]);
    }
    if (!url.searchParams.has('sort')) url.searchParams.set('sort', '-created_at');
    return HttpResponse.json({ data: list({ rows: seedMessages() }, url) });
  }),
];
