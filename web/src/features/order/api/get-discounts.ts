// GET /api/course/discount/all: the discounts a ticket line may use (public). Only active ones are
// asked for; the validity window is checked here, since "no start/end" cannot be filtered for.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema, type ListData } from '@/shared/api/schema';

export type Discount = ApiSchema<'Discount'>;

/** Active and within its validity at `now`. */
export function isUsable(discount: Discount, now: Date = new Date()): boolean {
  return (
    discount.active &&
    (!discount.valid_from || new Date(discount.valid_from) <= now) &&
    (!discount.valid_to || now < new Date(discount.valid_to))
  );
}

export async function getDiscounts({ signal }: { signal?: AbortSignal } = {}): Promise<Discount[]> {
  const body = await apiClient.get('/course/discount/all', {
    params: { 'per-page': 100, 'filter[active][eq]': 1, sort: 'sort_order' },
    signal,
  });
  return dataOf<ListData<Discount>>(body).models.filter((discount) => isUsable(discount));
}

export function discountsQueryOptions() {
  return queryOptions({
    queryKey: ['discounts', 'usable'],
    queryFn: ({ signal }) => getDiscounts({ signal }),
    staleTime: 10 * 60_000,
  });
}

export function useDiscounts() {
  return useQuery(discountsQueryOptions());
}
