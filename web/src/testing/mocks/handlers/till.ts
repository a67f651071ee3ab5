// The till (docs/till.md, admin only): a day with its figures, movements, close and the refunds waiting at
// the desk; paying one out (once); cash put in or taken out with its reason; the day's close by counting
// the cash (the Z report's number required, a difference needs its reason); the cash report as CSV or PDF.
// Refusals as the server gives them (`till.*`, docs/errors.md).
import { http, HttpResponse } from 'msw';

import { warsawDate } from '@/shared/lib/warsaw-time';

import { apiUrl } from '../api-url';
import { readDb, withDb } from '../data/booking-db';
import type { Db } from '../data/booking-types';
import { formatPln } from '../data/catalogue';
import { DESK_ADMIN, deskMethod, reportCsv, tillDay, tillOf } from '../data/till';

import { isAdmin } from './admin';
import { errorAnswer, validationError } from './errors';

type Body = Record<string, unknown>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const Z_REPORT = /^[A-Za-z0-9/. -]{1,30}$/;

/** The day asked for (today in Warsaw when absent), or the refusal of it. */
function dayOf(value: string | null | undefined, field = 'day'): { day: string } | { refusal: Response } {
  const today = warsawDate();
  if (value === null || value === undefined) return { day: today };
  if (!DAY.test(value)) return { refusal: validationError([{ field, message: 'Please enter a date YYYY-MM-DD.', code: 'field.not_date' }]) };
  if (value > today) return { refusal: validationError([{ field, message: 'The day has not begun yet.', code: 'till.future_day' }], 'till.future_day') };
  return { day: value };
}

const dayClosed = () => errorAnswer(409, 'Conflict', 'The day is closed already.', 'till.day_closed');
const reasonRequired = () =>
  validationError([{ field: 'reason', message: 'Please give the reason (3 to 300 characters).', code: 'till.reason_required', params: { min: 3, max: 300 } }], 'till.reason_required');
const validReason = (reason: string) => reason.length >= 3 && reason.length <= 300;

const todayClosed = (db: Db) => Boolean(tillOf(db).closings[warsawDate()]);

export const tillHandlers = [
  http.get(apiUrl('/till/day/one'), ({ request }) => {
    if (!isAdmin(request)) return undefined;
    const asked = dayOf(new URL(request.url).searchParams.get('day'));
    if ('refusal' in asked) return asked.refusal;
    return HttpResponse.json({ data: tillDay(readDb(), asked.day) });
  }),
  http.post(apiUrl('/till/refund/pay-out'), async ({ request }) => {
    if (!isAdmin(request)) return undefined;
    const body = (await request.json()) as Body;
    const refundId = typeof body.refund_id === 'string' ? body.refund_id : '';
    const outcome = withDb((db) => {
      for (const order of db.orders) {
        const admin = db.admin?.[order.id];
        const refund = admin?.refunds.find((candidate) => candidate.refund_id === refundId);
        if (!admin || !refund) continue;
        if (!deskMethod(refund)) return 'not_at_the_desk' as const;
        if (refund.paid_out_at) return 'already_paid_out' as const;
        if (todayClosed(db)) return 'day_closed' as const;
        const at = new Date().toISOString();
        refund.paid_out_at = at;
        refund.paid_out_by = DESK_ADMIN;
        const how = refund.status === 'at_office' ? 'gotówką z kasy' : 'na kartę terminalem';
        const howEn = refund.status === 'at_office' ? 'in cash from the till' : 'to the card on the terminal';
        admin.events.push({ type: 'RefundPaidOut', at, summary: `Wypłacono w kasie ${formatPln(refund.amount)} (${how})`, summary_en: `Paid out at the desk: ${formatPln(refund.amount)} (${howEn})`, data: { refund_id: refund.refund_id, amount: refund.amount } });
        return tillDay(db, warsawDate());
      }
      return 'not_found' as const;
    });
    if (outcome === 'not_found') return errorAnswer(404, 'Not Found', 'There is no such refund.', 'not_found');
    if (outcome === 'not_at_the_desk') {
      return validationError([{ field: 'refund_id', message: 'The refund goes back through the payment gateway.', code: 'till.not_at_the_desk' }], 'till.not_at_the_desk');
    }
    if (outcome === 'already_paid_out') return errorAnswer(409, 'Conflict', 'The refund was paid out already.', 'till.already_paid_out');
    if (outcome === 'day_closed') return dayClosed();
    return HttpResponse.json({ data: outcome });
  }),
  http.post(apiUrl('/till/cash/save'), async ({ request }) => {
    if (!isAdmin(request)) return undefined;
    const body = (await request.json()) as Body;
    const amount = typeof body.amount === 'number' && Number.isInteger(body.amount) ? body.amount : null;
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    if (amount === null) return validationError([{ field: 'amount', message: 'This field is required.', code: 'field.blank' }]);
    if (amount === 0) return validationError([{ field: 'amount', message: 'Please give an amount other than zero.', code: 'till.zero_amount' }], 'till.zero_amount');
    if (!validReason(reason)) return reasonRequired();
    const view = withDb((db) => {
      if (todayClosed(db)) return null;
      tillOf(db).corrections.push({ movement_id: crypto.randomUUID(), at: new Date().toISOString(), amount, reason, by: DESK_ADMIN });
      return tillDay(db, warsawDate());
    });
    return view ? HttpResponse.json({ data: view }) : dayClosed();
  }),
  http.post(apiUrl('/till/day/close'), async ({ request }) => {
    if (!isAdmin(request)) return undefined;
    const body = (await request.json()) as Body;
    const asked = dayOf(typeof body.day === 'string' ? body.day : null);
    if ('refusal' in asked) return asked.refusal;
    const counted = typeof body.counted_cash === 'number' && Number.isInteger(body.counted_cash) ? body.counted_cash : null;
    const zReport = typeof body.z_report === 'string' ? body.z_report.trim() : '';
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    if (counted === null) return validationError([{ field: 'counted_cash', message: 'This field is required.', code: 'field.blank' }]);
    if (counted < 0) return validationError([{ field: 'counted_cash', message: 'The counted cash cannot be negative.', code: 'till.negative_count' }], 'till.negative_count');
    if (zReport === '') {
      return validationError([{ field: 'z_report', message: "Please enter the number of the fiscal printer's daily report.", code: 'till.z_report_required' }], 'till.z_report_required');
    }
    if (!Z_REPORT.test(zReport)) {
      return validationError([{ field: 'z_report', message: 'The Z report number has at most 30 letters, digits, /, - or .', code: 'till.z_report_invalid' }], 'till.z_report_invalid');
    }
    const outcome = withDb((db) => {
      const till = tillOf(db);
      if (till.closings[asked.day]) return 'closed' as const;
      const expected = tillDay(db, asked.day).expected_cash;
      if (counted !== expected && !validReason(reason)) return 'reason' as const;
      till.closings[asked.day] = {
        closed_at: new Date().toISOString(),
        expected_cash: expected,
        counted_cash: counted,
        difference: counted - expected,
        reason: counted === expected ? null : reason,
        z_report: zReport,
        by: DESK_ADMIN,
      };
      return tillDay(db, asked.day);
    });
    if (outcome === 'closed') return dayClosed();
    if (outcome === 'reason') return reasonRequired();
    return HttpResponse.json({ data: outcome });
  }),
  http.get(apiUrl('/till/day/report'), ({ request }) => {
    if (!isAdmin(request)) return undefined;
    const query = new URL(request.url).searchParams;
    const asked = dayOf(query.get('day'));
    if ('refusal' in asked) return asked.refusal;
    if (query.get('format') === 'csv') {
      return new HttpResponse(reportCsv(readDb(), asked.day), {
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="raport-kasowy-${asked.day}.csv"` },
      });
    }
    // A stand-in body of the right type (the real one is the documents crate's).
    return new HttpResponse('%PDF-1.4\n%mock cash report\n', { headers: { 'Content-Type': 'application/pdf' } });
  }),
];
