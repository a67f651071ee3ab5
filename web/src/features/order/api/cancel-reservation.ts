// POST /api/order/order/cancel-reservation?hash_id=: the customer gives up a reservation that waits
// for payment (issue 30). Its seats go back, its payment link stops working. No login: the hash id is
// the secret of the order's links. 409 when the order no longer waits for payment; 404 for an unknown hash.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

export type ReservationCancelled = ApiSchema<'ReservationCancelled'>;

export async function cancelReservation(hashId: string): Promise<ReservationCancelled> {
  const body = await apiClient.post('/order/order/cancel-reservation', { params: { hash_id: hashId } });
  return dataOf<ReservationCancelled>(body);
}

/** Cancel, then read the order again: its page shows it cancelled. */
export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hashId: string) => cancelReservation(hashId),
    onSettled: () => queryClient.invalidateQueries(),
    meta: { loader: true },
  });
}
