// Complaints (issue #28): filing (POST /complaint/complaint/save, public; by the office for a passenger
// who phoned, wrote or came to the desk with `received_via` and an admin's token, issue 39), the
// logged-in customer's complaints (GET …/my: filed logged in, or as a guest with the account's e-mail),
// the admin's list and one complaint (…/all, …/one) and the steps (…/acknowledge, …/accept, …/reject,
// …/answer), as the API documents them. Like the server, a file counts by its content: only PNG, JPEG,
// GIF, WebP and PDF bytes are taken, and its name is shown without its path and with its real type's
// extension. A repeated Idempotency-Key answers the first filing again and files nothing new.
import { http, HttpResponse } from 'msw';

import { apiUrl } from '../api-url';

import { sessionEmail } from './accounts';
import { isAdmin } from './admin';
import { errorAnswer, validationError } from './errors';

/** The order number a filing is accepted for (any e-mail), as a seeded order of the demo account. */
export const COMPLAINT_ORDER = 'NB-2026-000001';
const ORDER_ID = '00000000-0000-4000-8000-000000000501';

interface MockComplaint {
  id: string;
  number: string;
  order_id: string;
  order_number: string;
  ticket_number: string | null;
  email: string;
  language: string;
  user_id: string | null;
  received_via: string | null;
  text: string;
  attachments: { id: string; name: string; kind: string; size: number }[];
  state: string;
  filed_at: string;
  respond_by: string;
  answer_by: string;
  responded_at: string | null;
  answer: string | null;
  answered_at: string | null;
  days_to_respond: number | null;
  days_to_answer: number | null;
  days_left: number | null;
}

function seed(): MockComplaint[] {
  return [
    {
      id: '00000000-0000-4000-8000-00000000c001',
      number: 'RK-2026-000001',
      order_id: ORDER_ID,
      order_number: COMPLAINT_ORDER,
      ticket_number: null,
      email: 'jan.kowalski@example.com',
      language: 'pl',
      user_id: null,
      received_via: null,
      text: 'Autobus przyjechał 40 minut po czasie.',
      attachments: [{ id: '00000000-0000-4000-8000-00000000a001', name: 'autobus.png', kind: 'png', size: 2048 }],
      state: 'received',
      filed_at: '2026-11-20T10:00:00Z',
      respond_by: '2026-12-20',
      answer_by: '2027-02-20',
      responded_at: null,
      answer: null,
      answered_at: null,
      days_to_respond: 23,
      days_to_answer: 85,
      days_left: 23,
    },
  ];
}

let complaints = seed();
/** The filings by their Idempotency-Key: a repeated key answers the first filing. */
let filings = new Map<string, { id: string; number: string; respond_by: string; answer_by: string }>();

/** Back to the seed (tests). */
export function resetComplaintsMock(): void {
  complaints = seed();
  filings = new Map();
}

const KINDS: [string, number[]][] = [
  ['png', [0x89, 0x50, 0x4e, 0x47]],
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['gif', [0x47, 0x49, 0x46, 0x38]],
  ['pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]],
];

function kindOf(base64: string): string | null {
  let bytes: number[];
  try {
    bytes = Array.from(atob(base64).slice(0, 8), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
  return KINDS.find(([, magic]) => magic.every((b, i) => bytes[i] === b))?.[0] ?? null;
}

const EXTENSIONS: Record<string, string> = { png: 'png', jpeg: 'jpg', gif: 'gif', pdf: 'pdf' };

/** The name the server shows: without its path, with the extension of the file's real type. */
export function safeName(name: string, kind: string): string {
  const base = name.split(/[\\/]/).pop() || 'file';
  const ext = EXTENSIONS[kind] ?? kind;
  const known = kind === 'jpeg' ? /\.(jpe?g)$/i : new RegExp(`\\.${ext}$`, 'i');
  if (known.test(base)) return base;
  const stem = base.replace(/\.[^.]*$/, '');
  return known.test(stem) ? stem : `${stem || 'file'}.${ext}`;
}

function page(models: MockComplaint[]) {
  return HttpResponse.json({ data: { models, pagination: { page: 1, perPage: 20, totalCount: models.length, pageCount: 1 } } });
}

const loggedIn = (request: Request) => /^Bearer\s+\S+/.test(request.headers.get('authorization') ?? '');

interface FileBody {
  received_via?: string | null;
  number?: string;
  email?: string;
  text?: string;
  language?: string;
  attachments?: { name: string; content: string }[];
}

export const complaintHandlers = [
  http.post(apiUrl('/complaint/complaint/save'), async ({ request }) => {
    const body = (await request.json()) as FileBody;
    const via = body.received_via ?? null;
    if (via !== null && !isAdmin(request)) return errorAnswer(403, 'Forbidden', 'Only the office files a complaint received by phone, letter or at the desk.', 'auth.forbidden');
    if (via !== null && !['phone', 'letter', 'desk'].includes(via))
      return validationError([{ field: 'received_via', message: 'received_via is one of phone, letter, desk', code: 'field.invalid_choice' }]);
    const key = request.headers.get('Idempotency-Key');
    const earlier = key ? filings.get(key) : undefined;
    if (earlier) return HttpResponse.json({ data: earlier }, { status: 201 });
    const attachments = body.attachments ?? [];
    if (attachments.length > 3) {
      return validationError([{ field: 'attachments', message: 'At most 3 files can be attached.', code: 'complaint.too_many_attachments' }], 'complaint.too_many_attachments');
    }
    const refused = attachments.findIndex((file) => kindOf(file.content) === null);
    if (refused >= 0) {
      const message = 'Only pictures (JPEG, PNG, GIF, WebP) and PDF files can be attached.';
      return validationError([{ field: `attachments[${refused}]`, message, code: 'complaint.attachment_not_allowed' }], 'complaint.attachment_not_allowed');
    }
    if ((body.number ?? '').trim().toUpperCase() !== COMPLAINT_ORDER) {
      const message = 'We could not find an order or ticket with this number and e-mail address.';
      return validationError([{ field: 'number', message, code: 'complaint.unknown_order' }], 'complaint.unknown_order');
    }
    const number = `RK-2026-${String(complaints.length + 1).padStart(6, '0')}`;
    const id = `00000000-0000-4000-8000-${String(0xc000 + complaints.length + 1).padStart(12, '0')}`;
    complaints.push({
      ...seed()[0]!,
      id,
      number,
      email: body.email ?? '',
      text: body.text ?? '',
      // The office files on the passenger's behalf: the complaint is no account's.
      user_id: loggedIn(request) && via === null ? '00000000-0000-4000-8000-000000000042' : null,
      received_via: via,
      language: body.language === 'en' ? 'en' : 'pl',
      attachments: attachments.map((file, i) => {
        const kind = kindOf(file.content) ?? 'png';
        return { id: `${id.slice(0, -1)}${i}`, name: safeName(file.name, kind), kind, size: file.content.length };
      }),
      respond_by: '2026-12-27',
      answer_by: '2027-02-27',
    });
    const filed = { id, number, respond_by: '2026-12-27', answer_by: '2027-02-27' };
    if (key) filings.set(key, filed);
    return HttpResponse.json({ data: filed }, { status: 201 });
  }),
  http.get(apiUrl('/complaint/complaint/my'), ({ request }) => {
    if (!loggedIn(request)) return errorAnswer(401, 'Unauthorized', 'authentication required', 'auth.required');
    // Those filed logged in, and those filed as a guest with the account's e-mail.
    const email = (sessionEmail(request) ?? '').toLowerCase();
    return page(complaints.filter((complaint) => complaint.user_id !== null || (email !== '' && complaint.email.toLowerCase() === email)).reverse());
  }),
  http.get(apiUrl('/complaint/complaint/all'), ({ request }) => {
    if (!isAdmin(request)) return errorAnswer(403, 'Forbidden', 'you are not allowed to do this', 'auth.forbidden');
    const state = new URL(request.url).searchParams.get('filter[state][eq]');
    return page(complaints.filter((complaint) => !state || complaint.state === state));
  }),
  http.get(apiUrl('/complaint/complaint/one'), ({ request }) => {
    const id = new URL(request.url).searchParams.get('id');
    const complaint = complaints.find((c) => c.id === id);
    if (!complaint) return errorAnswer(404, 'Not Found', 'There is no such complaint.', 'complaint.not_found');
    const order = { order_id: ORDER_ID, hash_id: 'abc123', number: COMPLAINT_ORDER, status: 'paid', route_name: 'Nisko – Kraków', departure_at: '2026-11-19T06:00:00Z', email: complaint.email };
    return HttpResponse.json({ data: { ...complaint, order } });
  }),
  ...(['acknowledge', 'accept', 'reject', 'answer'] as const).map((step) =>
    http.post(apiUrl(`/complaint/complaint/${step}`), async ({ request }) => {
      const body = (await request.json()) as { id: string; text?: string };
      const complaint = complaints.find((c) => c.id === body.id);
      if (!complaint) return errorAnswer(404, 'Not Found', 'There is no such complaint.', 'complaint.not_found');
      const decided = complaint.state === 'accepted' || complaint.state === 'rejected';
      if (step === 'answer' && !decided) {
        return errorAnswer(409, 'Conflict', 'Accept or reject the complaint before answering it.', 'complaint.not_decided');
      }
      if (step === 'answer') Object.assign(complaint, { state: 'answered', answer: body.text ?? '', answered_at: '2026-11-27T10:00:00Z', days_left: null, days_to_answer: null });
      else Object.assign(complaint, { state: { acknowledge: 'acknowledged', accept: 'accepted', reject: 'rejected' }[step], responded_at: '2026-11-27T10:00:00Z', days_to_respond: null, days_left: complaint.days_to_answer });
      return HttpResponse.json({ data: { id: complaint.id, state: complaint.state } });
    }),
  ),
];
