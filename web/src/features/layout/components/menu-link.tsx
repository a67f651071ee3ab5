import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { NavLink } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';
import { VisuallyHidden } from '@/shared/ui/visually-hidden';

import { IN_APP_TARGET, type MenuItem } from '../api/get-menu';

const messages = defineMessages({
  newTab: {
    id: 'layout.menu.newTab',
    defaultMessage: '(otwiera się w nowej karcie)',
    description: 'Read by screen readers after a menu link that opens in a new tab',
  },
});

function isExternal(link: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(link) || link.startsWith('//');
}

interface MenuLinkProps {
  item: Pick<MenuItem, 'link' | 'target'>;
  className?: string;
  children: ReactNode;
  onNavigate?: () => void;
}

/**
 * A menu item's link: target 'nuxt-link' is an in-app link in the current language (docs/web.md, 'Menus'), anything
 * else an anchor with that target. Links to other sites are anchors whatever their target says.
 */
export function MenuLink({ item, className, children, onNavigate }: MenuLinkProps) {
  const intl = useIntl();
  const localized = useLocalizedPath();

  if (item.target === IN_APP_TARGET && !isExternal(item.link)) {
    const to = localized(item.link);
    return (
      <NavLink to={to} end={item.link === '/'} className={className} onClick={onNavigate}>
        {children}
      </NavLink>
    );
  }

  const newTab = item.target === '_blank';
  return (
    <a
      href={item.link}
      target={item.target === IN_APP_TARGET ? undefined : item.target}
      rel={newTab ? 'noopener noreferrer' : undefined}
      className={className}
      onClick={onNavigate}
    >
      {children}
      {newTab ? (
        <>
          {' '}
          <VisuallyHidden>{intl.formatMessage(messages.newTab)}</VisuallyHidden>
        </>
      ) : null}
    </a>
  );
}
