import { defineMessages, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';

import { LOCALE_LABELS, LOCALES, localizePath, parseLocalePath } from '@/i18n/locales';
import { useLocale } from '@/i18n/use-locale';

const messages = defineMessages({
  label: {
    id: 'layout.languageSwitch.label',
    defaultMessage: 'Wybór języka',
    description: 'Accessible name of the navigation that switches between Polish and English',
  },
});

/** PL / EN links to the same page in the other language, keeping the query string and hash. */
export function LanguageSwitch() {
  const intl = useIntl();
  const active = useLocale();
  const { pathname, search, hash } = useLocation();
  const { path } = parseLocalePath(pathname);

  return (
    <nav className="language-switch" aria-label={intl.formatMessage(messages.label)}>
      <ul className="language-switch__list">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <Link
              className="language-switch__link"
              to={`${localizePath(path, locale)}${search}${hash}`}
              lang={locale}
              hrefLang={locale}
              title={LOCALE_LABELS[locale].name}
              aria-current={locale === active ? 'true' : undefined}
            >
              {LOCALE_LABELS[locale].short}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
