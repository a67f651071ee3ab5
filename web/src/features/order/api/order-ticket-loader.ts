// The order form's data, asked for while the page's chunk loads (see shared/lib/first-load): the
// usable discounts and the prices of the chosen course(s) for the booking's lines. The pricing
// helpers come with the order form's own code (a dynamic import the page's chunk shares), not in the
// app's first download: the home page does not need them.
import type { QueryClient } from '@tanstack/react-query';

import { withMessages } from '@/i18n/catalogues';
import { firstLoadWaits } from '@/shared/lib/first-load';

import { ticketPricesQueryOptions } from './calculate-tickets';
import { discountsQueryOptions } from './get-discounts';

export function orderTicketLoader(queryClient: QueryClient) {
  return firstLoadWaits(async () => {
    const { applyTicketPrices, currentPriceInput } = await withMessages(import('../hooks/use-ticket-recalculation'));
    const input = currentPriceInput();
    return Promise.allSettled([
      queryClient.ensureQueryData(discountsQueryOptions()),
      input ? queryClient.ensureQueryData(ticketPricesQueryOptions(input)).then(applyTicketPrices) : null,
    ]);
  });
}
