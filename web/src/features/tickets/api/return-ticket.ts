// POST /api/order/order/return-ticket {number, code?}: returns a valid ticket (guests need its code).
// Answers what it cost, the handling fee, and what goes back to the coupon and to the payer.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import { myTicketsKey } from './get-my-tickets';

/** What returning a ticket refunded (grosz): the price, the fee kept, and the refund to the coupon and in money. */
export type ReturnedTicket = ApiSchema<'Returned'>;

export interface ReturnTicketInput {
  number: string;
  code?: string;
}

export async function returnTicket(input: ReturnTicketInput): Promise<ReturnedTicket> {
  const body = await apiClient.post('/order/order/return-ticket', {
    body: { number: input.number, ...(input.code ? { code: input.code } : {}) },
    // Refusals (422) are explained next to the form.
    toast: false,
  });
  return dataOf<ReturnedTicket>(body);
}

export function useReturnTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: returnTicket,
    // Not awaited: the answer is shown at once, the lists catch up behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: myTicketsKey });
      void queryClient.invalidateQueries({ queryKey: ['order'] });
      void queryClient.invalidateQueries({ queryKey: ['stamps'] });
    },
  });
}
