// POST /api/order/coupon/batch (admin): a batch of coupons with made-up codes, issued by the server in
// one request. The batch carries an Idempotency-Key (one per batch, the same on a retry with the same
// bytes), so a retried batch answers the coupons issued the first time and issues none twice.
import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';
import type { KeyedAttempt } from '@/shared/lib/idempotency-key';

/** The batch issued: its coupons in the order they were made. */
export type CouponBatchIssued = ApiSchema<'CouponBatchIssued'>;
export type CouponBatchInput = ApiSchema<'CouponBatchInput'>;

/** Sends the batch `attempt.body` (serialised `CouponBatchInput`) under `attempt.key`. */
export async function issueCouponBatch(attempt: KeyedAttempt): Promise<CouponBatchIssued> {
  const body = JSON.parse(attempt.body) as CouponBatchInput;
  return dataOf<CouponBatchIssued>(await apiClient.post('/order/coupon/batch', { body, headers: { 'Idempotency-Key': attempt.key }, toast: false }));
}
