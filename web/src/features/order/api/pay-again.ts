// POST /api/order/order/pay-again?hash_id=: a new gateway transaction for a reservation whose payment
// failed or was not finished, while its seats are held. The earlier transaction stays as it was (a
// rejected one stays rejected), so "pay again" must never send the customer back to its link. No
// login: the hash id is the secret of the order's links. 409 when the reservation has expired or the
// order no longer waits for payment (paid, cancelled); 404 for an unknown hash.
import { useMutation } from '@tanstack/react-query';

import type { Locale } from '@/i18n/locales';
import { isApiError } from '@/shared/api/api-error';
import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

/** The gateway's page of the new transaction, and until when the seats are held (paying again does not extend it). */
export type PaymentAgain = ApiSchema<'PaymentAgain'>;

/** The server's 409 code when the time to pay ran out (the seats went back on sale). */
export const RESERVATION_EXPIRED = 'reservation.expired';

export async function payAgain(hashId: string, locale: Locale): Promise<PaymentAgain> {
  const body = await apiClient.post('/order/order/pay-again', {
    params: { hash_id: hashId },
    // The language decides where the gateway sends the customer back (`/en/order/after-payment`).
    headers: { 'Accept-Language': locale },
    // The page explains every refusal itself.
    toast: false,
  });
  return dataOf<PaymentAgain>(body);
}

/** Why paying again was refused, in the terms the page explains. */
export type PayAgainRefusal = 'expired' | 'not_pending' | 'not_found';

export function payAgainRefusal(failure: unknown): PayAgainRefusal | null {
  if (!isApiError(failure)) return null;
  if (failure.status === 404) return 'not_found';
  if (failure.status !== 409) return null;
  return failure.code === RESERVATION_EXPIRED ? 'expired' : 'not_pending';
}

export function usePayAgain() {
  return useMutation({
    mutationFn: ({ hashId, locale }: { hashId: string; locale: Locale }) => payAgain(hashId, locale),
  });
}
