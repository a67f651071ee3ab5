// The order form's data, asked for while the page's chunk loads (see shared/lib/first-load): the
// usable discounts and the prices of the chosen course(s) for the booking's lines.
import type { QueryClient } from '@tanstack/react-query';

import { firstLoadWaits } from '@/shared/lib/first-load';

import { applyTicketPrices, currentPriceInput } from '../hooks/use-ticket-recalculation';

import { ticketPricesQueryOptions } from './calculate-tickets';
import { discountsQueryOptions } from './get-discounts';

export function orderTicketLoader(queryClient: QueryClient) {
  return firstLoadWaits(() => {
    const input = currentPriceInput();
    return Promise.allSettled([
      queryClient.ensureQueryData(discountsQueryOptions()),
      input ? queryClient.ensureQueryData(ticketPricesQueryOptions(input)).then(applyTicketPrices) : null,
    ]);
  });
}
