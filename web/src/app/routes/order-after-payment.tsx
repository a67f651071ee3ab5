import { AfterPaymentPage } from '@/features/order/components/after-payment-page';

/** /order/after-payment?hash_id=…: back from the gateway, until the payment is confirmed. */
export function OrderAfterPaymentRoute() {
  return <AfterPaymentPage />;
}
