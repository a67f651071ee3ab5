import { ReturnTicketPage } from '@/features/tickets/components/return-ticket-page';

/** /user/return-ticket: return a ticket by number and code (guests too). */
export function UserReturnTicketRoute() {
  return <ReturnTicketPage />;
}
