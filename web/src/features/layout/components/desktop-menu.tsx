import { useCallback, useId, useRef, useState } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';
import { selectIsSuperAdmin, useAuthStore } from '@/shared/stores/auth-store';
import { Icon } from '@/shared/ui/icon';

import type { MenuItem } from '../api/get-menu';
import { useDismiss } from '../lib/use-dismiss';

import { MenuLink } from './menu-link';

export const ADMIN_PANEL_PATH = '/admin';

const messages = defineMessages<{ label: NoMessageValues; toggleSubmenu: { name: string }; adminPanel: NoMessageValues }>({
  label: {
    id: 'layout.mainMenu.label',
    defaultMessage: 'Menu główne',
    description: 'Accessible name of the desktop navigation',
  },
  toggleSubmenu: {
    id: 'layout.mainMenu.toggleSubmenu',
    defaultMessage: 'Podmenu: {name}',
    description: 'Accessible name of the button that opens the sub-menu of a menu item',
  },
  adminPanel: {
    id: 'layout.mainMenu.adminPanel',
    defaultMessage: 'Panel administracyjny',
    description: 'Link to the admin panel, shown to SuperAdmins only',
  },
});

/** The desktop navigation: the top menu, sub-menus on hover or keyboard focus, and the admin link. */
export function DesktopMenu({ items }: { items: MenuItem[] }) {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const superAdmin = useAuthStore(selectIsSuperAdmin);

  return (
    <nav className="main-nav" aria-label={intl.formatMessage(messages.label)}>
      <ul className="main-nav__list">
        {items.map((item, index) =>
          item.items.length > 0 ? (
            <DesktopSubmenu key={`${index}-${item.name}`} item={item} />
          ) : (
            <li key={`${index}-${item.name}`} className="main-nav__item">
              <MenuLink item={item} className="main-nav__link">
                {item.name}
              </MenuLink>
            </li>
          ),
        )}
        {superAdmin ? (
          <li className="main-nav__item">
            <Link to={localized(ADMIN_PANEL_PATH)} className="main-nav__link main-nav__link--admin">
              <Icon name="admin" size={18} />
              {intl.formatMessage(messages.adminPanel)}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/**
 * An item with sub-items: they open on hover and when anything in the item gets keyboard focus, and
 * a button toggles them for touch screens and screen readers (the disclosure pattern). Escape or
 * leaving the item closes them.
 */
function DesktopSubmenu({ item }: { item: MenuItem }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  // After Escape, focus goes back to the toggle inside the item: that must not reopen it.
  const dismissed = useRef(false);
  const close = useCallback(() => setOpen(false), []);
  const dismiss = useCallback(() => {
    dismissed.current = true;
    setOpen(false);
  }, []);
  useDismiss(open, container, dismiss, button);

  return (
    <li
      ref={container}
      className="main-nav__item main-nav__item--parent"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => {
        if (!dismissed.current) setOpen(true);
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget)) return;
        dismissed.current = false;
        setOpen(false);
      }}
    >
      {item.link ? (
        <MenuLink item={item} className="main-nav__link">
          {item.name}
        </MenuLink>
      ) : (
        <span className="main-nav__link main-nav__link--static">{item.name}</span>
      )}
      <button
        ref={button}
        type="button"
        className="main-nav__toggle"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={intl.formatMessage(messages.toggleSubmenu, { name: item.name })}
        onClick={() => {
          dismissed.current = false;
          setOpen((value) => !value);
        }}
      >
        <Icon name="chevron" size={16} />
      </button>
      <ul id={listId} className="main-nav__submenu" hidden={!open}>
        {item.items.map((child, index) => (
          <li key={`${index}-${child.name}`}>
            <MenuLink item={child} className="main-nav__sublink" onNavigate={close}>
              {child.name}
            </MenuLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
