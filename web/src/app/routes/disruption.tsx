import { DisruptionPage } from '@/features/disruption/components/disruption-page';

/** /odwolany-kurs/{token}, /en/disrupted-course/{token}: a cancelled or late course's choice. */
export function DisruptionRoute() {
  return <DisruptionPage />;
}
