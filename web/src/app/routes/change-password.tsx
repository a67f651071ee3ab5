import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';

import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { useLocalizedPath } from '@/i18n/use-locale';
import { selectIsLoggedIn, useAuthStore } from '@/shared/stores/auth-store';
import { Page } from '@/shared/ui/page';

import { accountPageMessages as m } from './account-messages';

/** `/change-password?token=…` from the reset e-mail, or without a token for a logged-in user. */
export function ChangePasswordRoute() {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const loggedIn = useAuthStore(selectIsLoggedIn);

  return (
    <Page title={intl.formatMessage(m.changePassword)} width="narrow">
      {token || loggedIn ? (
        <ChangePasswordForm token={token} />
      ) : (
        <div className="form-notice form-notice--info">
          <p>{intl.formatMessage(m.changePasswordNeedsLink)}</p>
          <Link to={localized('/forgot')}>{intl.formatMessage(m.forgotLink)}</Link>
        </div>
      )}
    </Page>
  );
}
