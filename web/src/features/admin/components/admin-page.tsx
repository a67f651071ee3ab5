import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';
import { usePageTitle } from '@/shared/hooks/use-page-title';

import { useAdminHref, useAdminPath } from '../lib/admin-path';
import { navEntryOf } from '../lib/nav';
import { common } from '../messages/common-messages';

interface AdminPageProps {
  title: string;
  /** Buttons and links at the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * One admin page: breadcrumbs (panel › group › area › record), one h1 and the document title
 * "{title} – Panel administracyjny | Nisko Bus" (docs/web.md, 'Page titles').
 */
export function AdminPage({ title, actions, children }: AdminPageProps) {
  const intl = useIntl();
  const headingId = useId();
  const path = useAdminPath();
  const href = useAdminHref();
  const localized = useLocalizedPath();
  const panel = intl.formatMessage(common.panel);
  usePageTitle(`${title} – ${panel}`);
  const place = navEntryOf(path);
  const areaTitle = place ? intl.formatMessage(place.entry.title) : null;
  const onAreaPage = place?.entry.path === path;

  return (
    <section className="admin-page" aria-labelledby={headingId}>
      <nav className="admin-breadcrumbs" aria-label={intl.formatMessage(common.breadcrumbs)}>
        <ol>
          <li>
            <Link to={localized('/admin')}>{panel}</Link>
          </li>
          {place ? <li>{intl.formatMessage(place.group.title)}</li> : null}
          {place && areaTitle ? (
            <li>
              {onAreaPage ? (
                <span aria-current="page">{areaTitle}</span>
              ) : (
                <Link to={href(place.entry.path)}>{areaTitle}</Link>
              )}
            </li>
          ) : null}
          {!onAreaPage ? (
            <li>
              <span aria-current="page">{title}</span>
            </li>
          ) : null}
        </ol>
      </nav>
      <div className="admin-page__head">
        <h1 id={headingId} className="admin-page__title">
          {title}
        </h1>
        {actions ? <div className="admin-page__actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
