import { Outlet } from 'react-router';

import { useRefreshCurrentUser } from '@/shared/auth/get-current-user';

import { BannersStrip } from './banners-strip';
import { CookieNotice } from './cookie-notice';
import { LoaderOverlay } from './loader-overlay';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { Toaster } from './toaster';

/**
 * The public layout (docs/web.md, 'The public layout'):
 * skip link, banners, header, the page in <main>, footer, cookie notice,
 * toasts and the loader overlay.
 */
export function MainLayout() {
  useRefreshCurrentUser();

  return (
    <div className="layout">
      <SkipLink />
      <BannersStrip />
      <SiteHeader />
      {/* tabIndex -1 lets the skip link move focus here, not just scroll. */}
      <main id={MAIN_CONTENT_ID} className="site-main" tabIndex={-1}>
        <div className="container">
          <Outlet />
        </div>
      </main>
      <SiteFooter />
      <CookieNotice />
      <Toaster />
      <LoaderOverlay />
    </div>
  );
}
