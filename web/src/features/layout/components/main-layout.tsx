import { Outlet } from 'react-router';

import { CookieNotice } from './cookie-notice';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** The public layout: skip link, header, the page in <main>, footer and the cookie notice. */
export function MainLayout() {
  return (
    <div className="layout">
      <SkipLink />
      <SiteHeader />
      {/* tabIndex -1 lets the skip link move focus here, not just scroll. */}
      <main id={MAIN_CONTENT_ID} className="site-main" tabIndex={-1}>
        <div className="container">
          <Outlet />
        </div>
      </main>
      <SiteFooter />
      <CookieNotice />
    </div>
  );
}
