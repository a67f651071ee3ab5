// GET /api/order/order/success-data?hash_id=: read here only for the tickets' QR codes (the ticket
// list does not carry them).
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

export async function getTicketCodes(hashId: string, { signal }: { signal?: AbortSignal } = {}) {
  const body = await apiClient.get('/order/order/success-data', { params: { hash_id: hashId }, signal, toast: false });
  return dataOf<ApiSchema<'OrderView'>>(body).tickets;
}

export function useTicketQr(hashId: string | undefined, ticketId: string) {
  return useQuery({
    queryKey: ['order', 'success-data', hashId, 'qr'],
    queryFn: ({ signal }) => getTicketCodes(hashId ?? '', { signal }),
    enabled: Boolean(hashId),
    select: (tickets) => tickets.find((ticket) => ticket.id === ticketId)?.qr_svg ?? null,
  });
}
