import { Link } from 'react-router';

import { BRAND_NAME } from '@/config/brand';
import { useLocalizedPath } from '@/i18n/use-locale';

import { LanguageSwitch } from './language-switch';
import { LogoMark } from './logo';

export function SiteHeader() {
  const localized = useLocalizedPath();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={localized('/')} className="brand">
          <LogoMark />
          <span className="brand__name">{BRAND_NAME}</span>
        </Link>
        <LanguageSwitch />
      </div>
    </header>
  );
}
