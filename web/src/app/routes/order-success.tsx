import { SuccessPage } from '@/features/order/components/success-page';

/** /order/success/{hash_id?}: the paid order and its tickets. */
export function OrderSuccessRoute() {
  return <SuccessPage />;
}
