import { useCallback, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';
import { useLogout } from '@/shared/auth/logout';
import { selectIsLoggedIn, useAuthStore } from '@/shared/stores/auth-store';
import { Icon } from '@/shared/ui/icon';

import { useDismiss } from '../lib/use-dismiss';
import { useUserMenuTitle } from '../lib/use-user-menu-title';
import { userMenuMessages, visibleUserMenuEntries } from '../lib/user-menu-entries';

/** The desktop user dropdown (a disclosure: a button and a list of links, plus "log out"). */
export function UserMenu() {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const title = useUserMenuTitle();
  const logout = useLogout();
  // Open on the page where it was opened: any navigation (an entry, the back button) closes it.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const close = useCallback(() => setOpenOn(null), []);
  useDismiss(open, container, close, button);


  return (
    <div ref={container} className="user-menu">
      <button
        ref={button}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <Icon name="ticket" />
        <span>{title}</span>
        <Icon name="chevron" size={16} className="user-menu__chevron" />
      </button>
      <ul id={listId} className="user-menu__list" hidden={!open}>
        {visibleUserMenuEntries(loggedIn).map((entry) => (
          <li key={entry.key}>
            <Link to={localized(entry.link)} className="user-menu__entry" onClick={close}>
              <Icon name={entry.icon} />
              {intl.formatMessage(entry.label)}
            </Link>
          </li>
        ))}
        {loggedIn ? (
          <li>
            <button
              type="button"
              className="user-menu__entry"
              onClick={() => {
                close();
                void logout();
              }}
            >
              <Icon name="logout" />
              {intl.formatMessage(userMenuMessages.logout)}
            </button>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
