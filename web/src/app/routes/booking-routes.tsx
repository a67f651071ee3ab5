// The booking journey and the user's tickets (issue #5): search results, the order form, payment,
// the order's outcome, and the user's tickets, returns and stamps. Every page is its own lazy chunk,
// so none of it weighs on the home page. The search results and the order form have loaders, defined
// here rather than in their chunks, so their data loads in parallel with the chunk.
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

import { orderTicketLoader } from '@/features/order/api/order-ticket-loader';
import { searchLoader } from '@/features/search/api/search-loader';
import { withMessages } from '@/i18n/catalogues';
import { RequireAuth } from '@/shared/auth/guards';

/** A cancelled or late course's choice page, at its Polish and its English address. */
const disruption = async () => ({ Component: (await withMessages(import('./disruption'))).DisruptionRoute });

export function bookingRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'search',
      loader: searchLoader(queryClient),
      lazy: async () => ({ Component: (await withMessages(import('./search'))).SearchRoute }),
    },
    {
      path: 'order/ticket',
      loader: orderTicketLoader(queryClient),
      // Its data comes from the booking in this tab, which a new search in the URL does not change.
      shouldRevalidate: () => false,
      lazy: async () => ({ Component: (await withMessages(import('./order-ticket'))).OrderTicketRoute }),
    },
    { path: 'order/payment', lazy: async () => ({ Component: (await withMessages(import('./order-payment'))).OrderPaymentRoute }) },
    {
      path: 'order/after-payment',
      lazy: async () => ({ Component: (await withMessages(import('./order-after-payment'))).OrderAfterPaymentRoute }),
    },
    { path: 'order/success/:id?', lazy: async () => ({ Component: (await withMessages(import('./order-success'))).OrderSuccessRoute }) },
    // Guests too: a ticket number and its code are enough.
    {
      path: 'user/return-ticket',
      lazy: async () => ({ Component: (await withMessages(import('./user-return-ticket'))).UserReturnTicketRoute }),
    },
    // A cancelled or late course's choice, from the e-mail's link (issue 28): the Polish and the English
    // address each work in both languages (the link's token is the authority, not the session).
    { path: 'odwolany-kurs/:token', lazy: disruption },
    { path: 'disrupted-course/:token', lazy: disruption },
    {
      // Guests go to /login and come back here after logging in.
      element: <RequireAuth />,
      children: [
        { path: 'user/your-tickets', lazy: async () => ({ Component: (await withMessages(import('./user-tickets'))).UserTicketsRoute }) },
        {
          path: 'user/your-tickets/:id',
          lazy: async () => ({ Component: (await withMessages(import('./user-ticket'))).UserTicketRoute }),
        },
        { path: 'user/stamps', lazy: async () => ({ Component: (await withMessages(import('./user-stamps'))).UserStampsRoute }) },
      ],
    },
  ];
}
