// POST /order/coupon/batch (admin): N coupons with made-up codes in one request, added to the admin's
// coupon table; a repeated Idempotency-Key answers the first answer and issues nothing (as the server).
import { http, HttpResponse } from 'msw';

import { apiUrl } from '../api-url';

import { adminTable, isAdmin } from './admin';
import { errorBody } from './responses';

/** The answers given, by Idempotency-Key. */
const answered = new Map<string, unknown>();

/** Forgets every answer (tests, after each: see `resetMockState`). */
export function resetCouponBatchMock(): void {
  answered.clear();
}

export const couponBatchHandlers = [
  http.post(apiUrl('/order/coupon/batch'), async ({ request }) => {
    if (!isAdmin(request)) return HttpResponse.json(errorBody(403, 'admins only'), { status: 403 });
    const key = request.headers.get('idempotency-key');
    const earlier = key ? answered.get(key) : undefined;
    if (earlier) return HttpResponse.json(earlier, { status: 201 });
    const body = (await request.json()) as { count?: number; value?: number; expires_at?: string | null };
    const count = Number(body.count);
    if (!Number.isInteger(count) || count < 1 || count > 100) {
      const problem = { field: 'count', message: 'A batch has 1 to 100 coupons.', code: 'field.out_of_range', params: { min: 1, max: 100 } };
      return HttpResponse.json(errorBody(422, 'the data is not valid', [problem]), { status: 422 });
    }
    const table = adminTable('order/coupon');
    const decorate = table.decorate ?? ((row) => row);
    const rows = Array.from({ length: count }, () => decorate({ value: body.value, expires_at: body.expires_at ?? null }));
    table.rows = [...table.rows, ...rows];
    const coupons = rows.map((row) => ({
      code: row.code,
      value: row.current_value,
      value_formatted: row.current_value_formatted,
      initial_value: row.initial_value,
      expires_at: row.expires_at,
    }));
    const answer = { data: { coupons } };
    if (key) answered.set(key, answer);
    return HttpResponse.json(answer, { status: 201 });
  }),
];
