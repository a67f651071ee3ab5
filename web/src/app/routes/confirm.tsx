import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';

import { ConfirmAccount } from '@/features/auth/components/confirm-account';
import { Page } from '@/shared/ui/page';

import { accountPageMessages as m } from './account-messages';

/** `/confirm?token=…`: the activation link from the registration e-mail. */
export function ConfirmRoute() {
  const intl = useIntl();
  const [params] = useSearchParams();
  return (
    <Page title={intl.formatMessage(m.confirm)} width="narrow">
      <ConfirmAccount token={params.get('token')?.trim() ?? ''} />
    </Page>
  );
}
