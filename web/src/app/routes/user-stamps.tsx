import { StampsPage } from '@/features/tickets/components/stamps-page';

/** /user/stamps: the stamp card and reward coupons. */
export function UserStampsRoute() {
  return <StampsPage />;
}
