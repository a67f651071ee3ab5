// GET /api/user/user/guest-orders: how many orders the logged-in customer paid for without an account
// under the account's (confirmed) e-mail address; POST /api/user/user/attach-guest-orders attaches them
// all to the account, and "Moje bilety" lists their tickets from then on (issue #30). Only a confirmed
// account is ever logged in, so the offer never reaches someone who merely typed another's address.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import { myTicketsKey } from './get-my-tickets';

/** `count`: the paid orders without an account under the account's address (0: nothing to offer). */
export type GuestOrders = ApiSchema<'GuestOrders'>;

/** What one attach did: `attached` orders now (0 when nothing was left), `remaining` still to attach. */
export type GuestOrdersAttached = ApiSchema<'GuestOrdersAttached'>;

export const guestOrdersKey = ['guest-orders'] as const;

export async function getGuestOrders({ signal }: { signal?: AbortSignal } = {}): Promise<GuestOrders> {
  // A background read: the offer just stays hidden when it fails.
  const body = await apiClient.get('/user/user/guest-orders', { signal, toast: false });
  return dataOf<GuestOrders>(body);
}

export function useGuestOrders() {
  return useQuery({ queryKey: guestOrdersKey, queryFn: ({ signal }) => getGuestOrders({ signal }) });
}

export async function attachGuestOrders(): Promise<GuestOrdersAttached> {
  // A failure is told next to the button.
  const body = await apiClient.post('/user/user/attach-guest-orders', { body: {}, toast: false });
  return dataOf<GuestOrdersAttached>(body);
}

export function useAttachGuestOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachGuestOrders,
    // The answer waits for the read model, so the lists reloaded now show the attached tickets.
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: guestOrdersKey }),
        queryClient.invalidateQueries({ queryKey: myTicketsKey }),
        queryClient.invalidateQueries({ queryKey: ['stamps'] }),
      ]);
    },
  });
}
