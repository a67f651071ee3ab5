import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';

import { BRAND_NAME, COPYRIGHT_START_YEAR } from '@/config/brand';
import { useLocalizedPath } from '@/i18n/use-locale';
import { HtmlContent } from '@/shared/ui/html-content';

import { usePublicSettings } from '../api/get-public-settings';

import { FooterMenu } from './footer-menu';

// Typed placeholders: formatMessage() below must pass exactly these values.
const messages = defineMessages<{ copyright: { startYear: string; currentYear: string; brand: string } }>({
  copyright: {
    id: 'layout.footer.copyright',
    defaultMessage: '© {startYear}–{currentYear} {brand}',
    description: 'Copyright line at the bottom of every page, e.g. "© 2022–2026 Nisko Bus"',
  },
});

const menuLabels = defineMessages({
  bottom1: {
    id: 'layout.footer.menu1',
    defaultMessage: 'Informacje',
    description: 'Accessible name of the first footer menu when the menu has no name',
  },
  bottom2: {
    id: 'layout.footer.menu2',
    defaultMessage: 'Na skróty',
    description: 'Accessible name of the second footer menu when the menu has no name',
  },
});

/** The guest's page of their personal data (issue 38): whoever bought without an account finds it here. */
const privacy = defineMessages({
  personalData: { id: 'layout.footer.personalData', defaultMessage: 'Twoje dane osobowe', description: 'Footer link to the page where a guest sees, downloads or erases their personal data' },
});

const FOOTER_SLOTS = ['page_footer_1', 'page_footer_2'] as const;

/** Two menu columns, the two contact texts from the company settings and the copyright (docs/web.md, 'Menus'). */
export function SiteFooter() {
  const intl = useIntl();
  const localized = useLocalizedPath();
  // The footer texts are optional decoration: while they load, or if the call fails, the footer
  // simply shows without them (the rest of the page must not depend on this request).
  const settings = usePublicSettings().data;
  const texts = FOOTER_SLOTS.map((slot) => ({ slot, html: settings?.[slot] ?? '' })).filter(({ html }) => html);

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <FooterMenu type="bottom1" label={menuLabels.bottom1} />
        <FooterMenu type="bottom2" label={menuLabels.bottom2} />
        {texts.map(({ slot, html }) => (
          // Safe only because the backend sanitises page_footer_* (admin-edited HTML) before serving it.
          <HtmlContent key={slot} html={html} className="site-footer__contact" />
        ))}
      </div>
      <div className="container">
        <div className="site-footer__bottom">
          <p className="site-footer__copyright">
            {intl.formatMessage(messages.copyright, {
              startYear: String(COPYRIGHT_START_YEAR),
              currentYear: String(new Date().getFullYear()),
              brand: BRAND_NAME,
            })}
          </p>
          <Link className="site-footer__privacy" to={localized('/personal-data')}>
            {intl.formatMessage(privacy.personalData)}
          </Link>
        </div>
      </div>
    </footer>
  );
}
