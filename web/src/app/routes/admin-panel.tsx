// The admin chunk's entry: the panel (features/admin) with the site-wide pieces the app shell owns
// passed in, since features do not import each other: toasts, the loader overlay, the language switch,
// and for the sale at the office the booking's connection search, discounts and prices.
import { AdminApp } from '@/features/admin/components/admin-app';
import type { SaleServices } from '@/features/admin/lib/sale-services';
import { LanguageSwitch } from '@/features/layout/components/language-switch';
import { LoaderOverlay } from '@/features/layout/components/loader-overlay';
import { Toaster } from '@/features/layout/components/toaster';
import { calculateTickets } from '@/features/order/api/calculate-tickets';
import { checkCoupon } from '@/features/order/api/check-coupon';
import { getDiscounts } from '@/features/order/api/get-discounts';
import { searchConnections } from '@/features/search/api/search-connections';
import { useRefreshCurrentUser } from '@/shared/auth/get-current-user';

const saleServices: SaleServices = { searchConnections, getDiscounts: () => getDiscounts(), calculateTickets, checkCoupon };

export function AdminPanelRoute() {
  useRefreshCurrentUser();
  return (
    <AdminApp
      languageSwitch={<LanguageSwitch />}
      services={saleServices}
      overlays={
        <>
          <Toaster />
          <LoaderOverlay />
        </>
      }
    />
  );
}
