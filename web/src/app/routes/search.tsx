import { useNavigate } from 'react-router';

import { useBookingStore } from '@/features/order/stores/booking-store';
import { SearchPage } from '@/features/search/components/search-page';
import { useLocalizedPath } from '@/i18n/use-locale';

/** /search: the connections found; choosing courses starts the order at /order/ticket. */
export function SearchRoute() {
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const chooseCourses = useBookingStore((state) => state.chooseCourses);

  return (
    <SearchPage
      onChoose={(outbound, back) => {
        chooseCourses(outbound, back);
        void navigate(localized('/order/ticket'));
      }}
    />
  );
}
