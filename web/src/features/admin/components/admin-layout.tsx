import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';

import { BRAND_NAME } from '@/config/brand';
import { useLocalizedPath } from '@/i18n/use-locale';

import { common } from '../messages/common-messages';

import { AdminNav } from './admin-nav';
import { UnsavedChangesGuard } from './leave-guard';
import './admin.css';

export const ADMIN_MAIN_ID = 'admin-main';

interface AdminLayoutProps {
  languageSwitch: ReactNode;
  overlays: ReactNode;
  children: ReactNode;
}

/**
 * The panel's frame: a slim header (brand, language, back to the site), the side navigation (a
 * disclosure on small screens) and the page. Built for long working sessions: dense, calm, no banners.
 */
export function AdminLayout({ languageSwitch, overlays, children }: AdminLayoutProps) {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const navId = useId();
  const [navOpen, setNavOpen] = useState(false);
  return (
    <div className="admin">
      <a className="skip-link" href={`#${ADMIN_MAIN_ID}`}>
        {intl.formatMessage(common.panel)}
      </a>
      <header className="admin-header">
        <button
          type="button"
          className="admin-header__toggle"
          aria-expanded={navOpen}
          aria-controls={navId}
          onClick={() => setNavOpen((open) => !open)}
        >
          {intl.formatMessage(common.menuToggle)}
        </button>
        <Link className="admin-header__brand" to={localized('/admin')}>
          <strong>{BRAND_NAME}</strong> <span>{intl.formatMessage(common.panel)}</span>
        </Link>
        <div className="admin-header__end">
          {languageSwitch}
          <Link className="admin-header__site" to={localized('/')}>
            {intl.formatMessage(common.backToSite)}
          </Link>
        </div>
      </header>
      <div className="admin-body">
        <AdminNav id={navId} open={navOpen} onNavigate={() => setNavOpen(false)} />
        <main id={ADMIN_MAIN_ID} className="admin-main" tabIndex={-1}>
          <UnsavedChangesGuard>{children}</UnsavedChangesGuard>
        </main>
      </div>
      {overlays}
    </div>
  );
}
