// The till (docs/till.md): a day of the office's desk with its figures, movements and close, the refunds
// waiting at the desk, and what an admin does there: pay one out, put cash in or take it out, close the
// day by counting the cash. Each change answers the day as it stands (today's, or the closed day's).
import { queryOptions, type QueryClient } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import { ADMIN_KEY } from './admin-data';

export type TillDay = ApiSchema<'TillDayView'>;
export type TillMovement = ApiSchema<'TillMovement'>;
export type TillClosing = ApiSchema<'TillClosing'>;
export type WaitingRefund = ApiSchema<'WaitingRefund'>;

/** How money moves at the desk: cash in the till, or a card on the payment terminal. */
export type DeskMethod = 'cash' | 'card_terminal';

const TILL = 'till';

export const tillKey = [ADMIN_KEY, TILL] as const;
export const tillDayKey = (day: string) => [...tillKey, 'day', day] as const;

/** `GET /till/day/one?day=`: a day of the till (not in the future). */
export function tillDayQuery(day: string) {
  return queryOptions({
    queryKey: tillDayKey(day),
    queryFn: async ({ signal }) => dataOf<TillDay>(await apiClient.get(`${TILL}/day/one`, { params: { day }, signal, toast: false })),
    staleTime: 0,
  });
}

/** Pays out a refund waiting at the desk (once): answers today's till with it. */
export async function payOut(refundId: string): Promise<TillDay> {
  return dataOf<TillDay>(await apiClient.post(`${TILL}/refund/pay-out`, { body: { refund_id: refundId }, toast: false }));
}

/** Puts cash into today's till (`amount` > 0, grosz) or takes it out (< 0), with its reason. */
export async function saveCash(amount: number, reason: string): Promise<TillDay> {
  return dataOf<TillDay>(await apiClient.post(`${TILL}/cash/save`, { body: { amount, reason }, toast: false }));
}

export interface CloseInput {
  day: string;
  counted_cash: number;
  z_report: string;
  /** Why the count differs from what the till should hold (sent only then). */
  reason?: string;
}

/** Closes a day by counting its cash: answers the day, closed. */
export async function closeDay(input: CloseInput): Promise<TillDay> {
  return dataOf<TillDay>(await apiClient.post(`${TILL}/day/close`, { body: input, toast: false }));
}

/** The day's cash report ("raport kasowy") as a PDF to print and sign, or as CSV. */
export const tillReportUrl = (day: string, format: 'pdf' | 'csv') =>
  `/api/${TILL}/day/report?day=${encodeURIComponent(day)}&format=${format}`;

/** After a change: the day it answered shown at once, the till's other days, the home page and the orders read again. */
export async function showTillDay(queryClient: QueryClient, view: TillDay): Promise<void> {
  queryClient.setQueryData(tillDayKey(view.day), view);
  await queryClient.invalidateQueries({ queryKey: tillKey, predicate: (query) => query.queryKey[3] !== view.day });
  await queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'admin/home'] });
  await queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'order/order'] });
}
