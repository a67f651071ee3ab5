import { useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';
import { useLogout } from '@/shared/auth/logout';
import { selectIsDriver, selectIsLoggedIn, useAuthStore } from '@/shared/stores/auth-store';
import { Icon } from '@/shared/ui/icon';

import { userMenuMessages, visibleUserMenuEntries } from '../lib/user-menu-entries';

/**
 * The user's entries as list items, for the desktop dropdown and the mobile menu alike: the links a
 * guest or a logged-in user gets, and "log out" for the latter. `onNavigate` closes the popup.
 */
export function UserEntryItems({ className, onNavigate }: { className: string; onNavigate: () => void }) {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const driver = useAuthStore(selectIsDriver);
  const logout = useLogout();
  return (
    <>
      {visibleUserMenuEntries(loggedIn, driver).map((entry) => (
        <li key={entry.key}>
          <Link to={localized(entry.link)} className={className} onClick={onNavigate}>
            <Icon name={entry.icon} />
            {intl.formatMessage(entry.label)}
          </Link>
        </li>
      ))}
      {loggedIn ? (
        <li>
          <button
            type="button"
            className={className}
            onClick={() => {
              onNavigate();
              void logout();
            }}
          >
            <Icon name="logout" />
            {intl.formatMessage(userMenuMessages.logout)}
          </button>
        </li>
      ) : null}
    </>
  );
}
