import { useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';

import { useAdminHref, useAdminPath } from '../lib/admin-path';
import { NAV_GROUPS, navEntryOf } from '../lib/nav';
import { common } from '../messages/common-messages';
import { homeTexts } from '../messages/home-messages';

/** The side navigation: the home page, then the spec's groups, each area a link (the current one marked for screen readers). */
export function AdminNav({ id, open, onNavigate }: { id: string; open: boolean; onNavigate: () => void }) {
  const intl = useIntl();
  const href = useAdminHref();
  const localized = useLocalizedPath();
  // The area the page belongs to, by the longest matching entry: the month's page (`order/invoice/month`)
  // marks its own entry, not the invoices' too.
  const current = navEntryOf(useAdminPath())?.entry.path ?? null;
  return (
    <nav id={id} className={open ? 'admin-nav admin-nav--open' : 'admin-nav'} aria-label={intl.formatMessage(common.navLabel)}>
      <ul className="admin-nav__list">
        <li>
          <NavLink className="admin-nav__link" to={localized('/admin')} end onClick={onNavigate}>
            {intl.formatMessage(homeTexts.navEntry)}
          </NavLink>
        </li>
      </ul>
      {NAV_GROUPS.map((group) => (
        <div key={group.title.id} className="admin-nav__group">
          <h2 className="admin-nav__heading">{intl.formatMessage(group.title)}</h2>
          <ul className="admin-nav__list">
            {group.entries.map((entry) => (
              <li key={entry.path}>
                <Link
                  className={entry.path === current ? 'admin-nav__link active' : 'admin-nav__link'}
                  aria-current={entry.path === current ? 'page' : undefined}
                  to={href(entry.path)}
                  onClick={onNavigate}
                >
                  {intl.formatMessage(entry.title)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
