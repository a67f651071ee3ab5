import { useState } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';

import { HtmlContent } from '@/shared/ui/html-content';
import { Icon } from '@/shared/ui/icon';

import { useBanners, type Banner } from '../api/get-banners';
import { IN_APP_TARGET } from '../api/get-menu';
import { closeBanner, isBannerClosed } from '../lib/banner-cookie';

import { MenuLink } from './menu-link';

const messages = defineMessages<{ region: NoMessageValues; close: { title: string } }>({
  region: {
    id: 'layout.banners.label',
    defaultMessage: 'Komunikaty',
    description: 'Accessible name of the strip of promo banners at the top of the page',
  },
  close: {
    id: 'layout.banners.close',
    defaultMessage: 'Zamknij komunikat: {title}',
    description: 'Button that closes (hides) one banner',
  },
});

function inAppTarget(target: string): string {
  return !target || target === '_self' ? IN_APP_TARGET : target;
}

/**
 * The promo banners valid now (docs/web.md, 'Banners'). Closing one hides it and sets a cookie for its
 * refresh_time seconds; banners with that cookie are not shown.
 */
export function BannersStrip() {
  const intl = useIntl();
  const { data: banners = [] } = useBanners();
  // Closed in this page view; the cookie keeps them closed after a reload.
  const [closed, setClosed] = useState<ReadonlySet<number>>(() => new Set());

  const shown = banners.filter((banner) => !closed.has(banner.id) && !isBannerClosed(banner.id));
  if (shown.length === 0) return null;

  const onClose = (banner: Banner) => {
    closeBanner(banner.id, banner.refresh_time);
    setClosed((current) => new Set(current).add(banner.id));
  };

  return (
    <section className="banners" aria-label={intl.formatMessage(messages.region)}>
      {shown.map((banner) => (
        <div key={banner.id} className={['banner', banner.bg_class, banner.text_class].filter(Boolean).join(' ')}>
          <div className="container banner__inner">
            <div className="banner__content">
              <p className="banner__title">
                {banner.link ? (
                  <MenuLink
                    // A banner's own page opens in-app; only another target (e.g. _blank) makes a plain anchor.
                    item={{ link: banner.link, target: inAppTarget(banner.link_target) }}
                    className="banner__link"
                  >
                    {banner.title}
                  </MenuLink>
                ) : (
                  banner.title
                )}
              </p>
              {banner.text ? <HtmlContent html={banner.text} className="banner__text" /> : null}
            </div>
            <button
              type="button"
              className="banner__close"
              aria-label={intl.formatMessage(messages.close, { title: banner.title })}
              onClick={() => onClose(banner)}
            >
              <Icon name="close" />
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}
