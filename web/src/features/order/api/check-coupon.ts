// POST /api/order/coupon/check: whether a coupon code can be used, and how much is left on it.
import { useMutation } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

/** The coupon's code, what is left on it (`value`, grosz) and until when it can be used. */
export type CheckedCoupon = ApiSchema<'CouponAnswer'>;

export async function checkCoupon(code: string): Promise<CheckedCoupon> {
  // A 422 (unknown, expired, used up) is shown under the field, not as a toast.
  const body = await apiClient.post('/order/coupon/check', { body: { code }, toast: false });
  return dataOf<CheckedCoupon>(body);
}

export function useCheckCoupon() {
  return useMutation({ mutationFn: checkCoupon });
}
