import { useIntl } from 'react-intl';

import { LoginForm } from '@/features/auth/components/login-form';
import { Page } from '@/shared/ui/page';

import { accountPageMessages as m } from './account-messages';

export function LoginRoute() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage(m.login)} width="narrow">
      <LoginForm />
    </Page>
  );
}
