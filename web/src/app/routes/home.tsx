import { defineMessages, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';

import { HomeRoutes } from '@/features/search/components/home-routes';
import { SearchForm } from '@/features/search/components/search-form';
import { toSearchParams } from '@/features/search/utils/search-params';
import { useLocalizedPath } from '@/i18n/use-locale';
import { usePageTitle } from '@/shared/hooks/use-page-title';

const messages = defineMessages({
  title: {
    id: 'home.title',
    defaultMessage: 'Wyszukaj połączenie',
    description: 'Heading and page title of the home page, where the trip search lives',
  },
  lead: {
    id: 'home.lead',
    defaultMessage: 'Wybierz przystanki i datę podróży, a potem kup bilet online.',
    description: 'Short introduction under the home page heading',
  },
});

/** The home page: the trip search form, leading to the results at /search. */
export function HomeRoute() {
  const intl = useIntl();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const title = intl.formatMessage(messages.title);
  usePageTitle(title);

  return (
    <section className="hero" aria-labelledby="home-title">
      <h1 id="home-title" className="hero__title">
        {title}
      </h1>
      <p className="hero__lead">{intl.formatMessage(messages.lead)}</p>
      <div className="hero__search">
        <SearchForm
          onSearch={(input) => {
            void navigate({ pathname: localized('/search'), search: `?${toSearchParams(input).toString()}` });
          }}
        />
      </div>
      <HomeRoutes />
    </section>
  );
}
