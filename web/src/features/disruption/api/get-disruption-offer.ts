// GET /api/order/disruption/one?token=…: what the e-mail's link shows a passenger of a cancelled or
// delayed course (public: the link's signed token names the order and the course). 404
// `disruption.link_invalid` for a forged, malformed or unknown token.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { isApiError } from '@/shared/api/api-error';
import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

/** What happened, the choice (other courses, the refund's amount), and what was chosen. */
export type DisruptionOffer = ApiSchema<'DisruptionOffer'>;
export type DisruptionAlternative = DisruptionOffer['alternatives'][number];

export const disruptionOfferKey = (token: string) => ['disruption-offer', token] as const;

export async function getDisruptionOffer(token: string, { signal }: { signal?: AbortSignal } = {}): Promise<DisruptionOffer> {
  return dataOf<DisruptionOffer>(await apiClient.get('/order/disruption/one', { params: { token }, signal, toast: false }));
}

export function disruptionOfferQuery(token: string) {
  return queryOptions({
    queryKey: disruptionOfferKey(token),
    queryFn: ({ signal }) => getDisruptionOffer(token, { signal }),
    // A bad link stays bad; other failures are worth one more try.
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 1,
  });
}

export function useDisruptionOffer(token: string) {
  return useQuery(disruptionOfferQuery(token));
}
