// POST /api/order/order/validate?step=tickets|customer|invoice: the backend's checks of one step of
// the booking state; `{valid: true}` or a 422 with field errors.
import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import type { OrderRequest } from './place-order';

export type OrderStep = 'tickets' | 'customer' | 'invoice';

export async function validateOrderStep(step: OrderStep, body: OrderRequest): Promise<boolean> {
  const answer = await apiClient.post('/order/order/validate', { params: { step }, body, toast: false });
  return dataOf<ApiSchema<'Valid'>>(answer).valid;
}
