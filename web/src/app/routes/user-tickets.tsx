import { MyTicketsPage } from '@/features/tickets/components/my-tickets-page';

/** /user/your-tickets: the logged-in user's tickets. */
export function UserTicketsRoute() {
  return <MyTicketsPage />;
}
