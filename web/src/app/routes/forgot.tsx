import { useIntl } from 'react-intl';

import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { Page } from '@/shared/ui/page';

import { accountPageMessages as m } from './account-messages';

export function ForgotRoute() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage(m.forgot)} width="narrow">
      <ForgotPasswordForm />
    </Page>
  );
}
