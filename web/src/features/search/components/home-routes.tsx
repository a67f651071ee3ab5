import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { Link } from 'react-router';

import { useFormatters, warsawDate } from '@/i18n/format';
import { useLocalizedPath } from '@/i18n/use-locale';

import { useHomeRoutes } from '../api/get-home-routes';
import { toSearchParams } from '../utils/search-params';

const messages = defineMessages<{ title: NoMessageValues; from: { price: string } }>({
  title: { id: 'home.routes.title', defaultMessage: 'Popularne połączenia', description: 'Heading of the quick links to routes on the home page' },
  from: { id: 'home.routes.from', defaultMessage: 'od {price}', description: 'The lowest fare of a route on the home page' },
});

/** The routes marked "show on home" as quick links to today's search between their ends. */
export function HomeRoutes() {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const { money } = useFormatters();
  const routes = useHomeRoutes();
  const linked = (routes.data ?? []).filter((route) => route.first_stop && route.last_stop);
  if (linked.length === 0) return null;
  const date = warsawDate();
  return (
    <section className="home-routes" aria-labelledby="home-routes-title">
      <h2 id="home-routes-title" className="home-routes__title">
        {intl.formatMessage(messages.title)}
      </h2>
      <ul className="home-routes__list">
        {linked.map((route) => {
          const search = toSearchParams({ tripMode: 'one_way', start: route.first_stop?.id ?? 0, end: route.last_stop?.id ?? 0, date });
          return (
            <li key={route.id}>
              <Link className="home-routes__link" to={`${localized('/search')}?${search.toString()}`}>
                <span className="home-routes__name">{route.name}</span>
                {route.lowest_price != null ? (
                  <span className="home-routes__price">{intl.formatMessage(messages.from, { price: money(route.lowest_price) })}</span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
