import { useIntl } from 'react-intl';

import { RegisterForm } from '@/features/auth/components/register-form';
import { Page } from '@/shared/ui/page';

import { accountPageMessages as m } from './account-messages';

export function RegisterRoute() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage(m.register)} width="narrow">
      <RegisterForm />
    </Page>
  );
}
