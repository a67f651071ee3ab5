// GET /api/order/disruption/one?token=…&date=…: what the e-mail's link shows a passenger of a cancelled
// or delayed course (public: the link's signed token names the order and the course), with the
// alternatives from `date` on (issue 39: the passenger may re-route on a later day of their choosing;
// default the disrupted journey's day). 404 `disruption.link_invalid` for a forged, malformed or unknown
// token; 422 for a `date` that is not a day.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { isApiError } from '@/shared/api/api-error';
import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

/** What happened, the choice (other courses, the refund's amount), and what was chosen. */
export type DisruptionOffer = ApiSchema<'DisruptionOffer'>;
export type DisruptionAlternative = DisruptionOffer['alternatives'][number];

/** Every read of a link's offer (any day of alternatives): `[…, token]`; one day's: `[…, token, date]`. */
export const disruptionOfferKey = (token: string, date?: string | null) =>
  date === undefined ? (['disruption-offer', token] as const) : (['disruption-offer', token, date ?? ''] as const);

/** The offer, with the alternatives from `date` on (`YYYY-MM-DD`; `null`: the disrupted journey's day). */
export async function getDisruptionOffer(token: string, { signal, date = null }: { signal?: AbortSignal; date?: string | null } = {}): Promise<DisruptionOffer> {
  const params = date ? { token, date } : { token };
  return dataOf<DisruptionOffer>(await apiClient.get('/order/disruption/one', { params, signal, toast: false }));
}

export function disruptionOfferQuery(token: string, date: string | null = null) {
  return queryOptions({
    queryKey: disruptionOfferKey(token, date),
    queryFn: ({ signal }) => getDisruptionOffer(token, { signal, date }),
    // A bad link stays bad; other failures are worth one more try.
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 1,
    // Another day's alternatives load under what the page shows.
    placeholderData: keepPreviousData,
  });
}

export function useDisruptionOffer(token: string, date: string | null = null) {
  return useQuery(disruptionOfferQuery(token, date));
}
