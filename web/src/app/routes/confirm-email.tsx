import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';

import { ConfirmEmail } from '@/features/auth/components/confirm-email';
import { Page } from '@/shared/ui/page';

import { accountPageMessages as m } from './account-messages';

/** `/confirm-email?token=…`: the link sent to a new account e-mail (RODO art. 16). The link has no
 * /en prefix: the page speaks the visitor's current language. */
export function ConfirmEmailRoute() {
  const intl = useIntl();
  const [params] = useSearchParams();
  return (
    <Page title={intl.formatMessage(m.confirmEmail)} width="narrow">
      <ConfirmEmail token={params.get('token')?.trim() ?? ''} />
    </Page>
  );
}
