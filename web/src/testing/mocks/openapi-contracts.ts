// The mock routes whose answers are checked against the API's OpenAPI document (web/openapi.json) by
// openapi-contract.test.ts. Add one entry per endpoint a handler mocks; the test sends the request to
// the MSW handlers and validates the JSON body against the document's 200 response schema.
//
// `at` says which part of the body the document describes. The accounts endpoints document the whole
// body ({"data": …}); the content endpoints (banners, menus, pages, settings) document only the payload
// inside it, e.g. `data` or `data.models`. When the backend documents full bodies, set `at` to ''.
import { readDb, withDb } from './data/booking-db';
import { DEMO_ORDER_HASHES } from './data/booking-seed';
import { connectionFor, courseId } from './data/catalogue';
import { withDisruptions } from './data/disruption-store';
import { demoCourseId, samplePassengers } from './data/disruptions';
import { documents } from './data/order-admin';
import { createOrder } from './data/orders';
import { waitAtDesk } from './data/till';
import { mockTokenFor, mockUserFor, VALID_EMAIL_TOKEN } from './handlers/accounts';
import { GUEST_ORDER, GUEST_TOKEN } from './handlers/privacy';

export interface ContractCase {
  /** The operation in the OpenAPI document. */
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  /** What to send to the mock: a URL under /api, with query, and an optional JSON body and session. */
  url: string;
  body?: unknown;
  /** Log in as this mock account (bearer token). */
  as?: string;
  /** Dotted path to the part of the body the schema describes ('' = the whole body). */
  at?: string;
  /** The documented success status (default 200; e.g. 201 for placing an order). */
  status?: number;
  /** Why this case cannot be checked yet (e.g. the endpoint is not in openapi.json): reported as a todo. */
  todo?: string;
  /** Puts what the call needs into the mock backend first (it starts from its seed in every test). */
  setup?: () => void;
}

const JAN = 'jan.kowalski@example.com';

/** A complete booking state for a demo course two days ahead, as the order form sends it. */
function bookingState() {
  return {
    course: connectionFor(courseId(1, daysAhead(2), '07:30'), 1, 11),
    tickets: [{ qty: 1, discount_id: null }],
    customer: {
      first_name: 'Anna',
      last_name: 'Nowak',
      email: 'anna.nowak@example.com',
      phone: '+48 601 202 303',
      consent_statute: 1,
      consent_gdpr: 1,
      notify_by_sms: 0,
      id: null,
    },
    invoice: { is_selected: 0, country: 'PL', vat_number: '', company_name: '', address: '', postal_code: '', city: '' },
    coupon: { code: null },
  };
}

/** The seeded demo order in 5 days (Jan's), and its first ticket (valid), e.g. for the guest return. */
const demoOrder = readDb().orders[0];
const demoTicket = demoOrder?.tickets[0];
const demoDocument = documents(readDb())[0];
const ADMIN = 'admin@example.com';
/** The mock's open erasure request (Anna's, by letter) and open request for a copy. */
const PRIVACY_REQUEST = '00000000-0000-4000-8000-0000000d0002';
const PRIVACY_EXPORT_REQUEST = '00000000-0000-4000-8000-0000000d0003';

/** The public id of a reservation pending payment, placed by `placePendingOrder` (pay again). */
const PENDING_HASH = 'contractpendingpay';

function placePendingOrder(): void {
  const course = connectionFor(courseId(1, daysAhead(3), '12:00'), 1, 11);
  if (!course) throw new Error('no demo course');
  withDb((db) =>
    createOrder(db, {
      user_id: null,
      customer: { first_name: 'Anna', last_name: 'Nowak', email: 'anna.nowak@example.com', phone: '601202303', notify_by_sms: false },
      invoice: null,
      outbound: course,
      back: null,
      tickets: [{ qty: 1, discount_id: null }],
      coupon: null,
      origin: '',
      hashId: PENDING_HASH,
    }),
  );
}

/** `YYYY-MM-DD` in Warsaw, `days` from today. */
function daysAhead(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date(Date.now() + days * 86_400_000));
}

/** A course cancelled in the mock, with its passengers. */
const DISRUPTED = demoCourseId();
function disruptCourse() {
  disruptCourseOf(DISRUPTED);
}

function disruptCourseOf(id: string) {
  withDisruptions((state) => {
    state.courses[id] = { status: 'cancelled', reason: 'Awaria autobusu', delay_minutes: null, changed_at: new Date().toISOString(), changed_by: ADMIN, passengers: samplePassengers(new Date().toISOString()) };
  });
}

/** The demo line's 07:30 course `days` ahead, and a departure `minutes` after its scheduled one. */
function demoCourseIdIn(days: number): string {
  return courseId(1, daysAhead(days), '07:30');
}

function expectedIn(days: number, minutes: number): string {
  return new Date(Date.parse(connectionFor(demoCourseIdIn(days), 1, 11)?.departure_at ?? '') + minutes * 60_000).toISOString();
}

export const CONTRACT_CASES: ContractCase[] = [
  // Layout (company, app)
  {
    method: 'get',
    path: '/api/company/company/get-public-settings',
    url: '/company/company/get-public-settings',
  },
  {
    method: 'get',
    path: '/api/app/banner/all',
    url: '/app/banner/all?page=1&per-page=999&sort=-created_at',
  },
  { method: 'get', path: '/api/app/menu/get-menu', url: '/app/menu/get-menu?type=top' },
  { method: 'get', path: '/api/app/menu/get-menu', url: '/app/menu/get-menu?type=bottom2' },
  { method: 'get', path: '/api/app/content/get-content', url: '/app/content/get-content?id=regulamin' },
  // The same reads in English (`lang=en`): the same shapes, other texts.
  {
    method: 'get',
    path: '/api/company/company/get-public-settings',
    url: '/company/company/get-public-settings?lang=en',
  },
  {
    method: 'get',
    path: '/api/app/banner/all',
    url: '/app/banner/all?lang=en&page=1&per-page=999&sort=-created_at',
  },
  { method: 'get', path: '/api/app/menu/get-menu', url: '/app/menu/get-menu?type=top&lang=en' },
  { method: 'get', path: '/api/app/content/get-content', url: '/app/content/get-content?id=nisko-krakow&lang=en' },

  // Accounts
  {
    method: 'post',
    path: '/api/user/auth/login',
    url: '/user/auth/login',
    body: { email: JAN, password: 'demo1234' },
  },
  { method: 'post', path: '/api/user/auth/logout', url: '/user/auth/logout', as: JAN },
  { method: 'get', path: '/api/user/auth/get', url: '/user/auth/get', as: JAN },
  {
    method: 'post',
    path: '/api/user/auth/register',
    url: '/user/auth/register',
    body: { email: 'ola.nowak@example.com', password: 'bezpieczne1', first_name: 'Ola', last_name: 'Nowak', phone: '' },
  },
  { method: 'post', path: '/api/user/auth/confirm', url: '/user/auth/confirm', body: { token: 'poprawny-token' } },
  { method: 'post', path: '/api/user/auth/forgot-password', url: '/user/auth/forgot-password', body: { email: JAN } },
  {
    method: 'post',
    path: '/api/user/auth/change-password',
    url: '/user/auth/change-password',
    body: { token: 'reset-token', password: 'nowehaslo1' },
  },
  { method: 'post', path: '/api/user/user/get-my-account', url: '/user/user/get-my-account', as: JAN },
  {
    method: 'post',
    path: '/api/user/user/update-my-account',
    url: '/user/user/update-my-account',
    as: JAN,
    body: { 'my-account': { first_name: 'Jan', last_name: 'Kowalski', phone: '+48 600 100 200' } },
  },

  // Booking (search, order, tickets). Dates are computed, so the search is never in the past.
  { method: 'get', path: '/api/route/waypoint/search-dropdown', url: '/route/waypoint/search-dropdown?q=krak' },
  {
    method: 'post',
    path: '/api/search/search/index',
    url: '/search/search/index',
    body: { tripMode: 'round_trip', start: 1, end: 11, date: daysAhead(2), dateBack: daysAhead(4) },
  },
  {
    method: 'get',
    path: '/api/course/discount/all',
    url: '/course/discount/all?per-page=100&filter%5Bactive%5D%5Beq%5D=1&sort=sort_order',
  },
  {
    method: 'get',
    path: '/api/order/order/success-data',
    url: `/order/order/success-data?hash_id=${DEMO_ORDER_HASHES[0]}`,
  },
  {
    method: 'post',
    path: '/api/user/user/my-tickets',
    url: '/user/user/my-tickets?page=1&per-page=10&sort=-departure_at',
    body: {},
    as: JAN,
  },
  { method: 'get', path: '/api/course/stamp/user-stamps', url: '/course/stamp/user-stamps', as: JAN },
  // Issue 30: the orders paid as a guest under the account's address, and attaching them.
  { method: 'get', path: '/api/user/user/guest-orders', url: '/user/user/guest-orders', as: JAN },
  { method: 'get', path: '/api/user/user/my-data', url: '/user/user/my-data', as: JAN },
  {
    method: 'post',
    path: '/api/user/user/change-email',
    url: '/user/user/change-email',
    body: { email: 'jan.k@example.com', password: 'demo1234' },
    as: JAN,
  },
  { method: 'post', path: '/api/user/auth/confirm-email', url: '/user/auth/confirm-email', body: { token: VALID_EMAIL_TOKEN } },
  { method: 'post', path: '/api/user/user/delete-my-account', url: '/user/user/delete-my-account', body: { password: 'demo1234' }, as: JAN },
  { method: 'post', path: '/api/user/user/attach-guest-orders', url: '/user/user/attach-guest-orders', body: {}, as: JAN },
  {
    method: 'post',
    path: '/api/course/discount/calculate-for-tickets',
    url: '/course/discount/calculate-for-tickets',
    body: { ...bookingState(), tickets: [{ qty: 1, discount_id: null }, { qty: 2, discount_id: 7 }] },
  },
  { method: 'post', path: '/api/order/coupon/check', url: '/order/coupon/check', body: { code: 'LATO2026' } },
  {
    method: 'post',
    path: '/api/order/order/validate',
    url: '/order/order/validate?step=customer',
    body: bookingState(),
  },
  { method: 'post', path: '/api/order/order/place', url: '/order/order/place', body: bookingState(), status: 201 },
  {
    method: 'post',
    path: '/api/order/order/pay-again',
    url: `/order/order/pay-again?hash_id=${PENDING_HASH}`,
    setup: placePendingOrder,
  },
  {
    method: 'get',
    path: '/api/order/ticket/change-options',
    url: `/order/ticket/change-options?number=${demoTicket?.number ?? ''}`,
    as: JAN,
  },
  {
    method: 'post',
    path: '/api/order/order/change-course',
    url: '/order/order/change-course',
    // The same line, stops and fare a day later than the seeded order in 5 days.
    body: { number: demoTicket?.number, course_id: courseId(1, daysAhead(6), '07:30') },
    as: JAN,
  },
  {
    method: 'post',
    path: '/api/order/order/return-ticket',
    url: '/order/order/return-ticket',
    body: { number: demoTicket?.number, code: demoTicket?.code },
  },
  { method: 'get', path: '/api/route/route/home-routes', url: '/route/route/home-routes' },
  // The admin panel's reads and saves (SuperAdmin).
  { method: 'get', path: '/api/route/waypoint/all', url: '/route/waypoint/all?page=1&per-page=25&sort=name', as: 'admin@example.com' },
  { method: 'get', path: '/api/route/waypoint/one', url: '/route/waypoint/one?id=1', as: 'admin@example.com' },
  { method: 'post', path: '/api/route/waypoint/save', url: '/route/waypoint/save', body: { name: 'Rudnik, Rynek', town: 'Rudnik' }, as: 'admin@example.com' },
  { method: 'get', path: '/api/route/route/all', url: '/route/route/all', as: 'admin@example.com' },
  { method: 'get', path: '/api/route/route-waypoint/all', url: '/route/route-waypoint/all?filter[route_id][eq]=1', as: 'admin@example.com' },
  { method: 'get', path: '/api/route/route-price/all', url: '/route/route-price/all?filter[route_id][eq]=1', as: 'admin@example.com' },
  {
    method: 'put',
    path: '/api/route/route-waypoint/save-list',
    url: '/route/route-waypoint/save-list?route_id=1',
    body: { stops: [{ waypoint_id: 1, minutes_from_start: 0 }, { waypoint_id: 11, minutes_from_start: 180 }] },
    as: 'admin@example.com',
  },
  {
    method: 'put',
    path: '/api/route/route-price/save-grid',
    url: '/route/route-price/save-grid?route_id=1',
    body: { prices: [{ from_waypoint_id: 1, to_waypoint_id: 11, price: 3900 }] },
    as: 'admin@example.com',
  },
  { method: 'get', path: '/api/route/route-course-settings/all', url: '/route/route-course-settings/all', as: 'admin@example.com' },
  { method: 'get', path: '/api/app/banner/one', url: '/app/banner/one?id=1', as: 'admin@example.com' },
  { method: 'get', path: '/api/course/discount/one', url: '/course/discount/one?id=1', as: 'admin@example.com' },
  { method: 'get', path: '/api/course/course/generate-preview', url: '/course/course/generate-preview?route_id=1&days=3', as: 'admin@example.com' },
  { method: 'post', path: '/api/course/course/generate', url: '/course/course/generate', body: { route_id: 1, days: 3 }, as: 'admin@example.com' },
  { method: 'get', path: '/api/course/course/load', url: '/course/course/load?id=0b6f7d2e-1c1a-4f4e-9a59-3f2f6f1c2a01', as: 'admin@example.com' },
  { method: 'get', path: '/api/admin/home', url: '/admin/home', as: 'admin@example.com' },
  { method: 'get', path: '/api/app/menu/all', url: '/app/menu/all?sort=type', as: 'admin@example.com' },
  { method: 'put', path: '/api/app/menu/save', url: '/app/menu/save?id=1', body: { name: 'Menu górne', content: [{ name: 'Start', link: '/', target: 'nuxt-link' }] }, as: 'admin@example.com' },
  { method: 'get', path: '/api/order/coupon/all', url: '/order/coupon/all?sort=-issued_at', as: 'admin@example.com' },
  { method: 'get', path: '/api/order/coupon/one', url: '/order/coupon/one?id=NISKO10', as: 'admin@example.com' },
  { method: 'post', path: '/api/order/coupon/save', url: '/order/coupon/save', body: { value: 2000 }, as: 'admin@example.com', status: 201 },
  { method: 'post', path: '/api/order/coupon/batch', url: '/order/coupon/batch', body: { count: 2, value: 2000 }, as: 'admin@example.com', status: 201, at: '' },
  { method: 'get', path: '/api/company/company/get-settings', url: '/company/company/get-settings', as: 'admin@example.com' },
  { method: 'post', path: '/api/company/company/save-settings', url: '/company/company/save-settings', body: { vat_rate_percent: 8 }, as: 'admin@example.com' },
  { method: 'get', path: '/api/route/route-waypoint-details/all', url: '/route/route-waypoint-details/all', as: 'admin@example.com' },
  { method: 'get', path: '/api/route/route-course-details/all', url: '/route/route-course-details/all', as: 'admin@example.com' },
  // The spec's order parts (admin reads over the booking mock's orders).
  { method: 'get', path: '/api/order/order-customer/all', url: '/order/order-customer/all?filter[email][like]=kowalski&sort=-placed_at', as: 'admin@example.com' },
  { method: 'get', path: '/api/order/order-customer/one', url: `/order/order-customer/one?id=${demoOrder?.id ?? ''}`, as: 'admin@example.com' },
  { method: 'get', path: '/api/order/order-user/one', url: `/order/order-user/one?id=${demoOrder?.id ?? ''}`, as: 'admin@example.com' },
  { method: 'get', path: '/api/order/order-user/courses', url: `/order/order-user/courses?id=${demoOrder?.id ?? ''}`, as: 'admin@example.com' },
  { method: 'get', path: '/api/order/order-waypoint/all', url: `/order/order-waypoint/all?filter[order_id][eq]=${demoOrder?.id ?? ''}`, as: 'admin@example.com' },
  { method: 'get', path: '/api/order/order-waypoint/one', url: `/order/order-waypoint/one?id=${demoOrder?.id ?? ''}&kind=outbound`, as: 'admin@example.com' },
  {
    method: 'get',
    path: '/api/order/order-waypoint/calculate-dates',
    // The seeded order's outbound leg (in 5 days) on the same line's course a day later.
    url: `/order/order-waypoint/calculate-dates?id=${demoOrder?.id ?? ''}&courseId=${courseId(1, daysAhead(6), '07:30')}`,
    as: 'admin@example.com',
  },
  { method: 'get', path: '/api/order/ticket/all', url: '/order/ticket/all?sort=number', as: 'admin@example.com' },
  { method: 'get', path: '/api/order/ticket/one', url: `/order/ticket/one?id=${demoTicket?.id ?? ''}`, as: 'admin@example.com' },
  { method: 'get', path: '/api/course/stamp/all', url: '/course/stamp/all', as: 'admin@example.com' },
  { method: 'get', path: '/api/course/stamp/one', url: `/course/stamp/one?id=${mockUserFor(JAN).id}`, as: 'admin@example.com' },
  // The driver's page.
  { method: 'get', path: '/api/order/ticket/verification-key', url: '/order/ticket/verification-key' },
  { method: 'get', path: '/api/order/driver/courses', url: `/order/driver/courses?date=${daysAhead(5)}`, as: 'driver@example.com' },
  {
    method: 'get',
    path: '/api/order/driver/manifest',
    url: `/order/driver/manifest?course_id=${demoOrder ? demoOrder.outbound.course_id : ''}`,
    as: 'driver@example.com',
  },
  // The driver marks the course as having left (issue 39): twice, and the first mark stands.
  { method: 'post', path: '/api/course/course/departed', url: '/course/course/departed', body: { course_id: demoCourseIdIn(0) }, as: 'driver@example.com' },
  { method: 'post', path: '/api/course/course/departed', url: '/course/course/departed', body: { course_id: demoCourseIdIn(0) }, as: ADMIN },
  // The messages sent, and where each stands (issue 39).
  { method: 'get', path: '/api/messages/message/all', url: '/messages/message/all', as: ADMIN },
  { method: 'get', path: '/api/messages/message/all', url: '/messages/message/all?filter%5Bstate%5D%5Beq%5D=failed&filter%5Bchannel%5D%5Beq%5D=sms&sort=-created_at', as: ADMIN },
  // A cancelled or delayed course (issue 28): the course page's calls and the passenger's link.
  { method: 'get', path: '/api/course/course/disruption', url: `/course/course/disruption?course_id=${DISRUPTED}`, as: ADMIN, setup: disruptCourse },
  { method: 'post', path: '/api/course/course/cancel', url: '/course/course/cancel', body: { course_id: DISRUPTED, reason: 'Awaria autobusu' }, as: ADMIN },
  { method: 'post', path: '/api/course/course/delay', url: '/course/course/delay', body: { course_id: DISRUPTED, minutes: 25, reason: 'Korek' }, as: ADMIN },
  {
    method: 'post',
    path: '/api/course/course/disruption-choose',
    url: '/course/course/disruption-choose',
    body: { course_id: DISRUPTED, order_id: samplePassengers('')[0]?.order_id, choice: 'refund', to_course_id: null },
    as: ADMIN,
    setup: disruptCourse,
  },
  {
    method: 'post',
    path: '/api/course/course/disruption-compensation',
    url: '/course/course/disruption-compensation',
    body: { course_id: DISRUPTED, order_id: samplePassengers('')[2]?.order_id },
    as: ADMIN,
    setup: disruptCourse,
  },
  { method: 'post', path: '/api/course/course/cancel', url: '/course/course/cancel', body: { course_id: demoCourseIdIn(4), reason: 'Zamknięty most', from_waypoint_id: 3 }, as: ADMIN },
  { method: 'post', path: '/api/course/course/delay', url: '/course/course/delay', body: { course_id: demoCourseIdIn(4), expected_departure_at: expectedIn(4, 150), reason: 'Wypadek' }, as: ADMIN },
  { method: 'get', path: '/api/order/disruption/one', url: '/order/disruption/one?token=demo-odwolany' },
  { method: 'get', path: '/api/order/disruption/one', url: '/order/disruption/one?token=demo-na-czas' },
  { method: 'get', path: '/api/order/disruption/one', url: '/order/disruption/one?token=demo-odwolany-czesciowo' },
  { method: 'get', path: '/api/order/disruption/one', url: '/order/disruption/one?token=demo-opozniony-dlugo' },
  // The alternatives from a day the passenger chose (issue 39).
  { method: 'get', path: '/api/order/disruption/one', url: `/order/disruption/one?token=demo-odwolany&date=${daysAhead(6)}` },
  // The guest's page of an order whose course was cancelled (its tickets' `disruption`).
  {
    method: 'get',
    path: '/api/order/order/success-data',
    url: `/order/order/success-data?hash_id=${demoOrder?.hash_id ?? ''}`,
    setup: () => disruptCourseOf(demoOrder?.outbound.course_id ?? ''),
  },
  { method: 'post', path: '/api/order/disruption/choose', url: '/order/disruption/choose', body: { token: 'demo-odwolany', choice: 'refund', to_course_id: null } },
  // The admin's orders and invoices.
  { method: 'get', path: '/api/order/order/all', url: '/order/order/all?sort=-placed_at&filter[email][like]=kowalski', as: ADMIN },
  { method: 'get', path: '/api/order/order/one', url: `/order/order/one?id=${demoOrder?.id ?? ''}`, as: ADMIN },
  { method: 'get', path: '/api/order/order/timeline', url: `/order/order/timeline?id=${demoOrder?.id ?? ''}`, as: ADMIN },
  { method: 'post', path: '/api/order/order/send-ticket', url: `/order/order/send-ticket?id=${demoOrder?.id ?? ''}`, as: ADMIN },
  {
    method: 'put',
    path: '/api/order/order/save',
    url: `/order/order/save?id=${demoOrder?.id ?? ''}`,
    body: { customer: { first_name: 'Jan', last_name: 'Kowalski', email: JAN, phone: '+48 600 100 201', notify_by_sms: false }, reason: 'nowy telefon' },
    as: ADMIN,
  },
  { method: 'post', path: '/api/order/order/save', url: '/order/order/save', body: { ...bookingState(), payment_method: 'cash' }, as: ADMIN, status: 201 },
  { method: 'post', path: '/api/order/order/cancel', url: '/order/order/cancel', body: { id: demoOrder?.id, reason: 'kurs odwołany' }, as: ADMIN },
  { method: 'get', path: '/api/order/order-invoice/all', url: '/order/order-invoice/all?sort=-issued_at', as: ADMIN },
  // The till (docs/till.md): a day, a refund waiting at the desk paid out, cash put in, the day closed.
  { method: 'get', path: '/api/till/day/one', url: '/till/day/one', as: ADMIN, setup: () => withDb((db) => waitAtDesk(db, demoOrder?.id ?? '')) },
  { method: 'get', path: '/api/till/day/one', url: `/till/day/one?day=${daysAhead(-1)}`, as: ADMIN },
  {
    method: 'post',
    path: '/api/till/refund/pay-out',
    url: '/till/refund/pay-out',
    body: { refund_id: '0de5c000-0000-4000-8000-000000000001' },
    as: ADMIN,
    setup: () => withDb((db) => waitAtDesk(db, demoOrder?.id ?? '')),
  },
  { method: 'post', path: '/api/till/cash/save', url: '/till/cash/save', body: { amount: 20000, reason: 'pogotowie kasowe' }, as: ADMIN },
  { method: 'post', path: '/api/till/day/close', url: '/till/day/close', body: { counted_cash: 0, z_report: 'Z/2026/0001' }, as: ADMIN },
  // The order with a refund waiting at the desk, and once paid out (`paid_out_at`).
  {
    method: 'get',
    path: '/api/order/order/one',
    url: `/order/order/one?id=${demoOrder?.id ?? ''}`,
    as: ADMIN,
    setup: () => withDb((db) => waitAtDesk(db, demoOrder?.id ?? '', { method: 'card_terminal' })),
  },
  // The finance month (docs/finance.md): the JPK's summary and the sales register.
  { method: 'get', path: '/api/finance/jpk', url: `/finance/jpk?month=${daysAhead(0).slice(0, 7)}&tax_office=1471&format=json`, as: ADMIN },
  { method: 'get', path: '/api/finance/sales-register', url: `/finance/sales-register?month=${daysAhead(0).slice(0, 7)}`, as: ADMIN },
  // A company's data from its NIP (public).
  { method: 'get', path: '/api/company/nip-lookup', url: '/company/nip-lookup?nip=526-025-02-74' },
  { method: 'get', path: '/api/order/order-invoice/one', url: `/order/order-invoice/one?id=${demoDocument?.id ?? ''}`, as: ADMIN },
  {
    method: 'get',
    path: '/api/order/order-invoice/register',
    url: `/order/order-invoice/register?as_of=${daysAhead(0)}&from=${daysAhead(-30)}&to=${daysAhead(0)}&format=json`,
    as: ADMIN,
  },
  // Complaints (issue #28): filing with a picture, the customer's list, the admin's list, page and steps.
  {
    method: 'post',
    path: '/api/complaint/complaint/save',
    url: '/complaint/complaint/save',
    body: { number: 'NB-2026-000001', email: JAN, text: 'Spóźnienie.', language: 'pl', attachments: [{ name: 'a.png', content: 'iVBORw0KGgoAAAANSUhEUg==' }] },
    status: 201,
  },
  // Filed by the office for a passenger who phoned (issue 39): the admin's token and `received_via`.
  {
    method: 'post',
    path: '/api/complaint/complaint/save',
    url: '/complaint/complaint/save',
    body: { number: 'NB-2026-000001', email: 'ola.nowak@example.com', text: 'Zgłoszenie telefoniczne.', language: 'pl', received_via: 'phone' },
    as: ADMIN,
    status: 201,
  },
  { method: 'get', path: '/api/complaint/complaint/my', url: '/complaint/complaint/my', as: JAN },
  { method: 'get', path: '/api/complaint/complaint/all', url: '/complaint/complaint/all', as: ADMIN },
  { method: 'get', path: '/api/complaint/complaint/one', url: '/complaint/complaint/one?id=00000000-0000-4000-8000-00000000c001', as: ADMIN },
  { method: 'post', path: '/api/complaint/complaint/accept', url: '/complaint/complaint/accept', body: { id: '00000000-0000-4000-8000-00000000c001' }, as: ADMIN },

  // Personal data under RODO (issue 38): the admin's requests and register of erasures, a guest's link.
  { method: 'get', path: '/api/privacy/request/all', url: '/privacy/request/all?filter%5Bstate%5D%5Beq%5D=open', as: ADMIN },
  { method: 'get', path: '/api/privacy/request/all', url: '/privacy/request/all', as: ADMIN },
  {
    method: 'post',
    path: '/api/privacy/request/save',
    url: '/privacy/request/save',
    body: { kind: 'export', channel: 'desk', email: 'ola.nowak@example.com' },
    as: ADMIN,
    status: 201,
  },
  { method: 'get', path: '/api/privacy/request/export', url: `/privacy/request/export?id=${PRIVACY_REQUEST}`, as: ADMIN },
  { method: 'post', path: '/api/privacy/request/erase', url: '/privacy/request/erase', body: { id: PRIVACY_REQUEST }, as: ADMIN },
  { method: 'post', path: '/api/privacy/request/close', url: '/privacy/request/close', body: { id: PRIVACY_EXPORT_REQUEST }, as: ADMIN },
  { method: 'get', path: '/api/privacy/erasure/all', url: '/privacy/erasure/all', as: ADMIN },
  {
    method: 'post',
    path: '/api/privacy/guest/link',
    url: '/privacy/guest/link',
    body: { number: GUEST_ORDER, email: 'ewa.gosc@example.com', language: 'en' },
    status: 202,
  },
  { method: 'get', path: '/api/privacy/guest/data', url: `/privacy/guest/data?token=${GUEST_TOKEN}` },
  { method: 'post', path: '/api/privacy/guest/erase', url: '/privacy/guest/erase', body: { token: GUEST_TOKEN } },
];

export function authHeaders(as: string | undefined): Record<string, string> {
  return as ? { Authorization: `Bearer ${mockTokenFor(as)}` } : {};
}
