import { OrderTicketPage } from '@/features/order/components/order-ticket-page';

/** /order/ticket: the order form. */
export function OrderTicketRoute() {
  return <OrderTicketPage />;
}
