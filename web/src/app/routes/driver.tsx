import { DriverPage } from '@/features/driver/components/driver-page';

/** /driver: checking tickets on board. */
export function DriverRoute() {
  return <DriverPage />;
}
