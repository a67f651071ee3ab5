// A course's cancellation or delay (issues 28, 39): the admin's calls on the course's page (admin only:
// cancel whole or from a stop, a delay as the expected departure, the compensation) and the passenger's
// page (public: the link's token). The state is data/disruption-store.ts; the passenger's links are the
// demo ones of data/disruptions.ts.
import { http, HttpResponse } from 'msw';

import { apiUrl } from '../api-url';
import { LINES, parseCourseId, warsawInstant, warsawIso } from '../data/catalogue';
import { withDisruptions, type MockCourseDisruption, type Passenger } from '../data/disruption-store';
import { DEMO_REFUND, demoOffer, samplePassengers } from '../data/disruptions';

import { adminTable, isAdmin } from './admin';
import { errorAnswer, validationError } from './errors';

type Body = Record<string, unknown>;

/** A body's field as text ('' when it is not a string). */
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

const REASON_MIN = 3;
const REASON_MAX = 500;

function view(courseId: string, found: MockCourseDisruption | undefined) {
  const course = courseOf(courseId);
  const delay = found?.status === 'delayed' ? found.delay_minutes : null;
  return {
    course_id: courseId,
    status: found?.status ?? 'running',
    reason: found?.reason ?? null,
    delay_minutes: delay,
    // The first stop's expected departure of a late course.
    expected_departure_at: delay !== null && course ? new Date(Date.parse(course.departure_at) + delay * 60_000).toISOString() : null,
    cancelled_from_waypoint_id: found?.status === 'cancelled' ? (found.from_waypoint_id ?? null) : null,
    changed_at: found?.changed_at ?? null,
    changed_by: found?.changed_by ?? null,
    choice_offered: found ? found.status === 'cancelled' || (found.delay_minutes ?? 0) >= 120 : false,
    stop_ids: course?.stops ?? [],
    passengers: found?.passengers ?? [],
  };
}

function badReason(reason: unknown) {
  const text = typeof reason === 'string' ? reason.trim() : '';
  if (text.length >= REASON_MIN && text.length <= REASON_MAX) return null;
  return validationError([{ field: 'reason', message: `Reason should contain ${REASON_MIN} to ${REASON_MAX} characters.`, code: 'field.too_short', params: { min: REASON_MIN } }]);
}

const denied = () => errorAnswer(403, 'Forbidden', 'Admins only.', 'auth.forbidden');

/** The admin's seeded course stops at the stops of its load (handlers/admin.ts). */
const SEEDED_STOPS = [1, 2, 3];

/** A course's scheduled departure from its first stop and its stops: the admin's seeded course, or a
 * catalogue course (its id says which). */
function courseOf(courseId: string): { departure_at: string; stops: number[] } | null {
  const seeded = adminTable('course/course').rows.find((row) => row.id === courseId);
  if (seeded && typeof seeded.departure_at === 'string') return { departure_at: seeded.departure_at, stops: SEEDED_STOPS };
  const parsed = parseCourseId(courseId);
  if (!parsed) return null;
  const line = LINES.find((candidate) => candidate.id === parsed.line.id);
  return { departure_at: warsawIso(warsawInstant(parsed.day, parsed.departure)), stops: (line?.stops ?? []).map(([stop]) => stop) };
}

/** Announces a cancellation or a delay: its passengers are listed (told) from then on. */
function announce(courseId: string, change: Pick<MockCourseDisruption, 'status' | 'reason' | 'delay_minutes'>) {
  const now = new Date().toISOString();
  return withDisruptions((state) => {
    const before = state.courses[courseId];
    const next = { ...change, changed_at: now, changed_by: 'admin@example.com', passengers: before?.passengers ?? samplePassengers(now) };
    state.courses[courseId] = next;
    return view(courseId, next);
  });
}

const adminHandlers = [
  http.get(apiUrl('/course/course/disruption'), ({ request }) => {
    if (!isAdmin(request)) return denied();
    const courseId = new URL(request.url).searchParams.get('course_id') ?? '';
    return HttpResponse.json({ data: withDisruptions((state) => view(courseId, state.courses[courseId])) });
  }),
  http.post(apiUrl('/course/course/cancel'), async ({ request }) => {
    if (!isAdmin(request)) return denied();
    const body = (await request.json()) as Body;
    const courseId = str(body.course_id);
    const bad = badReason(body.reason);
    if (bad) return bad;
    // From a stop onward: one of the course's stops but its last (its first: the whole course).
    const from = body.from_waypoint_id ?? null;
    const stops = courseOf(courseId)?.stops ?? [];
    if (from !== null && (typeof from !== 'number' || !stops.slice(0, -1).includes(from)))
      return validationError([{ field: 'from_waypoint_id', message: 'The course does not stop there, or it is its last stop.', code: 'course.not_a_stop' }]);
    if (withDisruptions((state) => state.courses[courseId]?.status === 'cancelled'))
      return errorAnswer(409, 'Conflict', 'This course is cancelled already.', 'course.already_cancelled');
    announce(courseId, { status: 'cancelled', reason: str(body.reason).trim(), delay_minutes: null });
    const change = withDisruptions((state) => {
      const found = state.courses[courseId];
      if (found) found.from_waypoint_id = from === stops[0] ? null : from;
      return view(courseId, found);
    });
    return HttpResponse.json({ data: change });
  }),
  http.post(apiUrl('/course/course/delay'), async ({ request }) => {
    if (!isAdmin(request)) return denied();
    const body = (await request.json()) as Body;
    const courseId = str(body.course_id);
    // The expected departure wins over the minutes: its distance from the scheduled one.
    const expected = typeof body.expected_departure_at === 'string' ? Date.parse(body.expected_departure_at) : null;
    const scheduled = courseOf(courseId)?.departure_at;
    const field = expected === null ? 'minutes' : 'expected_departure_at';
    const minutes = expected === null ? Number(body.minutes) : scheduled ? Math.trunc((expected - Date.parse(scheduled)) / 60_000) : Number.NaN;
    if (withDisruptions((state) => state.courses[courseId]?.status === 'cancelled'))
      return errorAnswer(409, 'Conflict', 'This course is cancelled.', 'course.already_cancelled');
    if (!Number.isInteger(minutes) || minutes < 0 || minutes > 1440) {
      const message = field === 'minutes' ? 'From 0 to 1440 minutes.' : 'From the scheduled departure to 24 hours after it.';
      return validationError([{ field, message, code: 'field.out_of_range', params: { min: 0, max: 1440 } }]);
    }
    if (minutes === 0) {
      return HttpResponse.json({
        data: withDisruptions((state) => {
          delete state.courses[courseId];
          return view(courseId, undefined);
        }),
      });
    }
    const bad = badReason(body.reason);
    if (bad) return bad;
    return HttpResponse.json({ data: announce(courseId, { status: 'delayed', reason: str(body.reason).trim(), delay_minutes: minutes }) });
  }),
  http.post(apiUrl('/course/course/disruption-resend'), async ({ request }) => {
    if (!isAdmin(request)) return denied();
    const body = (await request.json()) as Body;
    const known = withDisruptions((state) => state.courses[str(body.course_id)]?.passengers.some((p) => p.order_id === body.order_id));
    if (!known) return errorAnswer(404, 'Not Found', 'This order has no ticket on this disrupted course.', 'not_found');
    return new HttpResponse(null, { status: 204 });
  }),
  http.post(apiUrl('/course/course/disruption-choose'), async ({ request }) => {
    if (!isAdmin(request)) return denied();
    const body = (await request.json()) as Body;
    const courseId = str(body.course_id);
    const passenger = withDisruptions((state) => {
      const found = state.courses[courseId]?.passengers.find((p) => p.order_id === body.order_id);
      if (!found) return 'missing' as const;
      if (found.chosen_at) return 'chosen' as const;
      if (body.choice === 'move' && typeof body.to_course_id !== 'string') return 'no_course' as const;
      const at = new Date().toISOString();
      const change: Partial<Passenger> =
        body.choice === 'move'
          ? { state: 'moved', moved_to: { course_id: str(body.to_course_id), departure_at: at } }
          : { state: 'refunded', refund_amount: DEMO_REFUND * found.tickets / 2 };
      Object.assign(found, change, { chosen_at: at, chosen_by: 'office' });
      return found;
    });
    if (passenger === 'missing') return errorAnswer(404, 'Not Found', 'This order has no ticket on this course.', 'not_found');
    if (passenger === 'chosen') return errorAnswer(409, 'Conflict', 'The choice was made already.', 'disruption.already_chosen');
    if (passenger === 'no_course') return validationError([{ field: 'to_course_id', message: 'Choose a course to move to.', code: 'field.blank' }]);
    return HttpResponse.json({ data: passenger });
  }),
  // The compensation of art. 19(2), paid by the office: once, and only when owed.
  http.post(apiUrl('/course/course/disruption-compensation'), async ({ request }) => {
    if (!isAdmin(request)) return denied();
    const body = (await request.json()) as Body;
    const passenger = withDisruptions((state) => {
      const found = state.courses[str(body.course_id)]?.passengers.find((p) => p.order_id === body.order_id);
      if (!found) return 'missing' as const;
      if (!found.compensation_owed) return 'none' as const;
      if (found.compensation_paid_at) return 'paid' as const;
      found.compensation_paid_at = new Date().toISOString();
      return found;
    });
    if (passenger === 'missing') return errorAnswer(404, 'Not Found', 'The order has no ticket on this course.', 'disruption.not_on_course');
    if (passenger === 'none') return errorAnswer(404, 'Not Found', 'No compensation is owed on this course.', 'disruption.no_compensation');
    if (passenger === 'paid') return errorAnswer(409, 'Conflict', 'The compensation was paid already.', 'disruption.compensation_paid');
    return HttpResponse.json({ data: passenger });
  }),
];

const linkInvalid = () => errorAnswer(404, 'Not Found', 'This link is not valid.', 'disruption.link_invalid');

const passengerHandlers = [
  http.get(apiUrl('/order/disruption/one'), ({ request }) => {
    const params = new URL(request.url).searchParams;
    const date = params.get('date');
    if (date !== null && !/^\d{4}-\d{2}-\d{2}$/.test(date)) return validationError([{ field: 'date', message: 'date must be a day, YYYY-MM-DD', code: 'field.not_date' }]);
    const offer = demoOffer(params.get('token') ?? '', date);
    return offer ? HttpResponse.json({ data: offer }) : linkInvalid();
  }),
  http.post(apiUrl('/order/disruption/choose'), async ({ request }) => {
    const body = (await request.json()) as Body;
    const token = str(body.token);
    const offer = demoOffer(token);
    if (!offer) return linkInvalid();
    if (offer.chosen) return errorAnswer(409, 'Conflict', 'The choice was made already.', 'disruption.already_chosen');
    if (!offer.choice_open) return errorAnswer(409, 'Conflict', 'The time to choose has passed.', 'disruption.choice_closed');
    // An alternative of any day from the journey's on (the passenger may pick a later one).
    const day = parseCourseId(str(body.to_course_id))?.day ?? null;
    const to = (demoOffer(token, day)?.alternatives ?? []).find((course) => course.course_id === body.to_course_id);
    if (body.choice === 'move' && typeof body.to_course_id !== 'string')
      return validationError([{ field: 'to_course_id', message: 'Please choose a course.', code: 'field.blank' }]);
    if (body.choice === 'move' && !to)
      return validationError([{ field: 'to_course_id', message: 'The course is not one of the alternatives offered.', code: 'disruption.not_an_alternative' }]);
    const at = new Date().toISOString();
    withDisruptions((state) => {
      state.chosen[token] =
        body.choice === 'move' && to
          ? { choice: 'move', at, by: 'passenger', to_course: { course_id: to.course_id, departure_at: to.departure_at }, refund_amount: null }
          : { choice: 'refund', at, by: 'passenger', to_course: null, refund_amount: offer.refund_amount };
    });
    return HttpResponse.json({ data: demoOffer(token) });
  }),
];

export const disruptionHandlers = [...adminHandlers, ...passengerHandlers];
