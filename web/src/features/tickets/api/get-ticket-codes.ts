// GET /api/order/order/success-data?hash_id=: read here only for the tickets' QR codes (the ticket
// list does not carry them).
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { apiClient } from '@/shared/api/client';

const responseSchema = z.object({
  data: z.object({
    hash_id: z.string(),
    tickets: z.array(z.object({ id: z.string(), number: z.string(), qr_svg: z.string() })),
  }),
});

export async function getTicketCodes(hashId: string, { signal }: { signal?: AbortSignal } = {}) {
  const body = await apiClient.get('/order/order/success-data', { params: { hash_id: hashId }, signal, toast: false });
  return responseSchema.parse(body).data.tickets;
}

export function useTicketQr(hashId: string | undefined, ticketId: string) {
  return useQuery({
    queryKey: ['order', 'success-data', hashId, 'qr'],
    queryFn: ({ signal }) => getTicketCodes(hashId ?? '', { signal }),
    enabled: Boolean(hashId),
    select: (tickets) => tickets.find((ticket) => ticket.id === ticketId)?.qr_svg ?? null,
  });
}
