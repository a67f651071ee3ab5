import { TicketPage } from '@/features/tickets/components/ticket-page';

/** /user/your-tickets/{id}: one ticket and its return. */
export function UserTicketRoute() {
  return <TicketPage />;
}
