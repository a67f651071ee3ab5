import { useId, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';
import { selectIsSuperAdmin, useAuthStore } from '@/shared/stores/auth-store';
import { Icon } from '@/shared/ui/icon';

import type { MenuItem } from '../api/get-menu';
import { usePagePopup } from '../lib/use-page-popup';
import { useUserMenuTitle } from '../lib/use-user-menu-title';

import { ADMIN_PANEL_PATH } from './desktop-menu';
import { MenuLink } from './menu-link';
import { UserEntryItems } from './user-entry-items';

const messages = defineMessages({
  open: {
    id: 'layout.mobileMenu.open',
    defaultMessage: 'Menu',
    description: 'Button that opens the mobile menu',
  },
  label: {
    id: 'layout.mobileMenu.label',
    defaultMessage: 'Menu mobilne',
    description: 'Accessible name of the mobile navigation',
  },
  adminPanel: {
    id: 'layout.mobileMenu.adminPanel',
    defaultMessage: 'Panel administracyjny',
    description: 'Link to the admin panel in the mobile menu, SuperAdmins only',
  },
});

/** The mobile menu: a button, and a panel with the top menu (sub-items toggle) and the user entries. */
export function MobileMenu({ items }: { items: MenuItem[] }) {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const superAdmin = useAuthStore(selectIsSuperAdmin);
  const userTitle = useUserMenuTitle();
  const { open, close, toggle, container, button } = usePagePopup();
  const panelId = useId();

  return (
    <div ref={container} className="mobile-menu">
      <button
        ref={button}
        type="button"
        className="mobile-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <Icon name={open ? 'close' : 'menu'} />
        <span>{intl.formatMessage(messages.open)}</span>
      </button>
      <nav id={panelId} className="mobile-menu__panel" aria-label={intl.formatMessage(messages.label)} hidden={!open}>
        {open ? (
          <>
            <ul className="mobile-menu__list">
              {items.map((item, index) => (
                <MobileMenuItem key={`${index}-${item.name}`} item={item} onNavigate={close} />
              ))}
              {superAdmin ? (
                <li>
                  <Link to={localized(ADMIN_PANEL_PATH)} className="mobile-menu__link" onClick={close}>
                    <Icon name="admin" />
                    {intl.formatMessage(messages.adminPanel)}
                  </Link>
                </li>
              ) : null}
            </ul>
            <p className="mobile-menu__heading">{userTitle}</p>
            <ul className="mobile-menu__list">
              <UserEntryItems className="mobile-menu__link" onNavigate={close} />
            </ul>
          </>
        ) : null}
      </nav>
    </div>
  );
}

const itemMessages = defineMessages<{ toggle: { name: string } }>({
  toggle: {
    id: 'layout.mobileMenu.toggleSubmenu',
    defaultMessage: 'Podmenu: {name}',
    description: 'Accessible name of the button that expands the sub-items of a mobile menu item',
  },
});

function MobileMenuItem({ item, onNavigate }: { item: MenuItem; onNavigate: () => void }) {
  const intl = useIntl();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();

  if (item.items.length === 0) {
    return (
      <li>
        <MenuLink item={item} className="mobile-menu__link" onNavigate={onNavigate}>
          {item.name}
        </MenuLink>
      </li>
    );
  }

  return (
    <li>
      <div className="mobile-menu__row">
        {item.link ? (
          <MenuLink item={item} className="mobile-menu__link" onNavigate={onNavigate}>
            {item.name}
          </MenuLink>
        ) : (
          <span className="mobile-menu__link">{item.name}</span>
        )}
        <button
          type="button"
          className="mobile-menu__toggle"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-label={intl.formatMessage(itemMessages.toggle, { name: item.name })}
          onClick={() => setExpanded((value) => !value)}
        >
          <Icon name="chevron" />
        </button>
      </div>
      <ul id={listId} className="mobile-menu__sublist" hidden={!expanded}>
        {item.items.map((child, index) => (
          <li key={`${index}-${child.name}`}>
            <MenuLink item={child} className="mobile-menu__link" onNavigate={onNavigate}>
              {child.name}
            </MenuLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
