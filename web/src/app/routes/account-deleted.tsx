import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';

import type { AccountDeleted } from '@/features/auth/api/delete-my-account';
import { KeptData } from '@/features/auth/components/kept-data';
import { privacyMessages as m } from '@/features/auth/components/privacy-messages';
import { Page } from '@/shared/ui/page';

/** `/account-deleted`: after the deletion, what the law keeps for now and until when (from the answer). */
export function AccountDeletedRoute() {
  const intl = useIntl();
  const deleted = useLocation().state as AccountDeleted | null;
  return (
    <Page title={intl.formatMessage(m.deleted)} width="narrow">
      <KeptData kept={deleted?.kept ?? []} />
    </Page>
  );
}
