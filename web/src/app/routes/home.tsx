import { defineMessages, useIntl } from 'react-intl';

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

/** The home page. The trip search form (features/search) will be composed here. */
export function HomeRoute() {
  const intl = useIntl();
  const title = intl.formatMessage(messages.title);
  usePageTitle(title);

  return (
    <section className="hero" aria-labelledby="home-title">
      <h1 id="home-title" className="hero__title">
        {title}
      </h1>
      <p className="hero__lead">{intl.formatMessage(messages.lead)}</p>
    </section>
  );
}
