import { useIntl } from 'react-intl';

import { useMyAccount } from '@/features/auth/api/get-my-account';
import { AccountForm } from '@/features/auth/components/account-form';
import { PrivacySection } from '@/features/auth/components/privacy-section';
import { useLoaderWhile } from '@/shared/hooks/use-loader-while';
import { Page } from '@/shared/ui/page';

import { accountPageMessages as m } from './account-messages';

/** `/user/user`: the account of the logged-in user (guarded by RequireAuth in the router). */
export function UserAccountRoute() {
  const intl = useIntl();
  const { data: account, error, isPending } = useMyAccount();
  useLoaderWhile(isPending);
  if (error) throw error;

  return (
    <Page title={intl.formatMessage(m.account)} width="narrow">
      {account ? <AccountForm key={account.id} account={account} /> : null}
      {account ? <PrivacySection /> : null}
    </Page>
  );
}
