// POST /api/order/coupon/check: whether a coupon code can be used, and how much is left on it.
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiClient } from '@/shared/api/client';

const responseSchema = z.object({
  data: z.object({
    code: z.string(),
    value: z.int(),
    value_formatted: z.string(),
    expires_at: z.nullish(z.string()),
  }),
});

export type CheckedCoupon = z.infer<typeof responseSchema>['data'];

export async function checkCoupon(code: string): Promise<CheckedCoupon> {
  // A 422 (unknown, expired, used up) is shown under the field, not as a toast.
  const body = await apiClient.post('/order/coupon/check', { body: { code }, toast: false });
  return responseSchema.parse(body).data;
}

export function useCheckCoupon() {
  return useMutation({ mutationFn: checkCoupon });
}
