// What a logged-in user who is no SuperAdmin sees at `/admin/...` (docs/web.md, 'Guests log in first,
// admins only in the panel'): the panel is not for this account, said at its address, with the way to log
// in with another account (the session ends and the login page brings them back here) or to go home.
// A lazy chunk of its own: the customer's first download does not carry it.
import { useQueryClient } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';

import { useLocalizedPath } from '@/i18n/use-locale';
import { USER_QUERY_KEY } from '@/shared/auth/get-current-user';
import { logout } from '@/shared/auth/logout';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useAuthStore } from '@/shared/stores/auth-store';
import { Button, ButtonLink } from '@/shared/ui/button';
import { StatusPage } from '@/shared/ui/status-page';

const messages = defineMessages({
  title: {
    id: 'admin.noAccess.title',
    defaultMessage: 'Brak dostępu do panelu administracyjnego',
    description: 'Title of the page a logged-in user without the admin role sees at /admin',
  },
  otherAccount: {
    id: 'admin.noAccess.otherAccount',
    defaultMessage: 'Zaloguj się na inne konto',
    description: 'Button on the no-access page: log out and log in with another (admin) account',
  },
  home: {
    id: 'admin.noAccess.home',
    defaultMessage: 'Strona główna',
    description: 'Link on the no-access page to the home page',
  },
});

const valueMessages = defineMessages<{ message: { email: string } }>({
  message: {
    id: 'admin.noAccess.message',
    defaultMessage: 'Panel administracyjny jest tylko dla pracowników przewoźnika. Jesteś zalogowany jako {email}, a to konto nie ma do niego dostępu.',
    description: 'Text of the no-access page: who is logged in, and that the account cannot open the panel',
  },
});

export function AdminNoAccess() {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const queryClient = useQueryClient();
  const email = useAuthStore((state) => state.user?.email ?? '');
  const title = intl.formatMessage(messages.title);
  usePageTitle(title);
  // With the session gone, the panel's guard sends the visitor to the login page, with the way back here.
  const otherAccount = async () => {
    await logout();
    queryClient.removeQueries({ queryKey: [USER_QUERY_KEY] });
  };
  return (
    <main id="main" className="container">
      <StatusPage
        title={title}
        message={intl.formatMessage(valueMessages.message, { email })}
        action={
          <>
            <Button onClick={() => void otherAccount()}>{intl.formatMessage(messages.otherAccount)}</Button>{' '}
            <ButtonLink variant="secondary" to={localized('/')}>
              {intl.formatMessage(messages.home)}
            </ButtonLink>
          </>
        }
      />
    </main>
  );
}
