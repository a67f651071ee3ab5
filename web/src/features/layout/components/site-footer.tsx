import { defineMessages, useIntl } from 'react-intl';

import { BRAND_NAME, COPYRIGHT_START_YEAR } from '@/config/brand';

import { usePublicSettings } from '../api/get-public-settings';

// Typed placeholders: formatMessage() below must pass exactly these values.
const messages = defineMessages<{ copyright: { startYear: string; currentYear: string; brand: string } }>({
  copyright: {
    id: 'layout.footer.copyright',
    defaultMessage: '© {startYear}–{currentYear} {brand}',
    description: 'Copyright line at the bottom of every page, e.g. "© 2022–2026 Nisko Bus"',
  },
});

const FOOTER_SLOTS = ['page_footer_1', 'page_footer_2'] as const;

export function SiteFooter() {
  const intl = useIntl();
  // The footer texts are optional decoration: while they load, or if the call fails, the footer
  // simply shows without them (the rest of the page must not depend on this request).
  const { data: settings } = usePublicSettings();

  const texts = FOOTER_SLOTS.map((slot) => ({ slot, html: settings?.[slot] ?? '' })).filter(({ html }) => html);

  return (
    <footer className="site-footer">
      <div className="container">
        {texts.length > 0 ? (
          <div className="site-footer__contacts">
            {texts.map(({ slot, html }) => (
              <div
                key={slot}
                className="site-footer__contact"
                // Safe only because the backend sanitises page_footer_* (admin-edited HTML) before
                // serving it. Never render HTML from any other source this way.
                dangerouslySetInnerHTML={{ __html: html }}
              />
            ))}
          </div>
        ) : null}
        <p className="site-footer__copyright">
          {intl.formatMessage(messages.copyright, {
            startYear: String(COPYRIGHT_START_YEAR),
            currentYear: String(new Date().getFullYear()),
            brand: BRAND_NAME,
          })}
        </p>
      </div>
    </footer>
  );
}
