import { Link } from 'react-router';

import { BRAND_NAME } from '@/config/brand';
import { useLocalizedPath } from '@/i18n/use-locale';

import { useMenu } from '../api/get-menu';

import { DesktopMenu } from './desktop-menu';
import { LanguageSwitch } from './language-switch';
import { LogoMark } from './logo';
import { MobileMenu } from './mobile-menu';
import { UserMenu } from './user-menu';

/** Logo (a link home), the top menu, the user dropdown, the language switch; a menu button on phones. */
export function SiteHeader() {
  const localized = useLocalizedPath();
  const { data: menu } = useMenu('top');
  const items = menu?.items ?? [];

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={localized('/')} className="brand">
          <LogoMark />
          <span className="brand__name">{BRAND_NAME}</span>
        </Link>
        <DesktopMenu items={items} />
        <div className="site-header__actions">
          <UserMenu />
          <LanguageSwitch />
          <MobileMenu items={items} />
        </div>
      </div>
    </header>
  );
}
