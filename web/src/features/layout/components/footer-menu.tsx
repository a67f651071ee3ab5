import { useIntl, type MessageDescriptor } from 'react-intl';

import { useMenu, type MenuType } from '../api/get-menu';

import { MenuLink } from './menu-link';

/** One footer column: the items of a bottom menu (sub-items flattened under their parent). */
export function FooterMenu({ type, label }: { type: MenuType; label: MessageDescriptor }) {
  const intl = useIntl();
  const { data: menu } = useMenu(type);
  const items = menu?.items ?? [];
  if (items.length === 0) return null;

  return (
    <nav className="footer-menu" aria-label={menu?.name || intl.formatMessage(label)}>
      <ul className="footer-menu__list">
        {items.flatMap((item, index) => [
          ...(item.link ? [{ ...item, key: `${index}` }] : []),
          ...item.items.map((child, childIndex) => ({ ...child, key: `${index}-${childIndex}` })),
        ]).map((item) => (
          <li key={item.key}>
            <MenuLink item={item} className="footer-menu__link">
              {item.name}
            </MenuLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
