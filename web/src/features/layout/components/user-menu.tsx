import { useId } from 'react';

import { Icon } from '@/shared/ui/icon';

import { usePagePopup } from '../lib/use-page-popup';
import { useUserMenuTitle } from '../lib/use-user-menu-title';

import { UserEntryItems } from './user-entry-items';

/** The desktop user dropdown (a disclosure: a button and a list of links, plus "log out"). */
export function UserMenu() {
  const title = useUserMenuTitle();
  const { open, close, toggle, container, button } = usePagePopup();
  const listId = useId();

  return (
    <div ref={container} className="user-menu">
      <button
        ref={button}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={toggle}
      >
        <Icon name="ticket" />
        <span>{title}</span>
        <Icon name="chevron" size={16} className="user-menu__chevron" />
      </button>
      <ul id={listId} className="user-menu__list" hidden={!open}>
        <UserEntryItems className="user-menu__entry" onNavigate={close} />
      </ul>
    </div>
  );
}
