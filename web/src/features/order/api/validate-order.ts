// POST /api/order/order/validate?step=tickets|customer|invoice: the backend's checks of one step of
// the booking state; `{valid: true}` or a 422 with field errors.
import * as z from 'zod/mini';

import { apiClient } from '@/shared/api/client';

import type { OrderRequest } from './place-order';

export type OrderStep = 'tickets' | 'customer' | 'invoice';

const responseSchema = z.object({ data: z.object({ valid: z.boolean() }) });

export async function validateOrderStep(step: OrderStep, body: OrderRequest): Promise<boolean> {
  const answer = await apiClient.post('/order/order/validate', { params: { step }, body, toast: false });
  return responseSchema.parse(answer).data.valid;
}
