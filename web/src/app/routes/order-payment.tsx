import { PaymentPage } from '@/features/order/components/payment-page';

/** /order/payment: the reservation is saved; off to the payment gateway. */
export function OrderPaymentRoute() {
  return <PaymentPage />;
}
