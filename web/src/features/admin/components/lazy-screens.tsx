// The panel's pages that are chunks of their own, loaded when opened: the till and the finance month.
import { lazy, Suspense, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

import { withMessages } from '@/i18n/catalogues';

import { common } from '../messages/common-messages';

const TillPage = lazy(async () => ({ default: (await withMessages(import('./till-page'))).TillPage }));
const FinanceMonth = lazy(async () => ({ default: (await withMessages(import('./finance-month'))).FinanceMonth }));

function Loading() {
  const intl = useIntl();
  return <p role="status">{intl.formatMessage(common.loading)}</p>;
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

/** `/admin/till` (docs/till.md). */
export function TillScreen() {
  return (
    <Lazy>
      <TillPage />
    </Lazy>
  );
}

/** `/admin/order/invoice/month` (docs/finance.md). */
export function FinanceMonthScreen() {
  return (
    <Lazy>
      <FinanceMonth />
    </Lazy>
  );
}
