// POST /api/order/order/return-quote {number, code?}: what returning the ticket would give back and
// where, before the customer confirms; the code and the cutoff are checked as the return checks them.
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

/**
 * The quote (grosz): the price, the fee kept, what comes back (`back` = `coupon_refund` +
 * `money_refund`), the coupon the coupon part goes to, and where the money goes (`payment`: to the
 * card or account that paid; `office`: at the ticket office; `none`).
 */
export type ReturnQuote = ApiSchema<'ReturnQuote'>;

export async function getReturnQuote(number: string, code?: string): Promise<ReturnQuote> {
  const body = await apiClient.post('/order/order/return-quote', {
    body: { number, ...(code ? { code } : {}) },
    // Refusals are said next to the form or in the confirmation.
    toast: false,
  });
  return dataOf<ReturnQuote>(body);
}

export function useReturnQuote(number: string, code?: string) {
  return useQuery({
    queryKey: ['return-quote', number, code ?? null],
    queryFn: () => getReturnQuote(number, code),
    // A refusal is an answer (a wrong code, too late): asking again changes nothing.
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
