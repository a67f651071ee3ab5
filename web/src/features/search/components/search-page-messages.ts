// The search results page's texts, shared by the page and its results form.
import { defineMessages } from 'react-intl';

export const searchPageMessages = defineMessages({
  title: {
    id: 'search.results.title',
    defaultMessage: 'Wyniki wyszukiwania',
    description: 'Heading and page title of the search results',
  },
  searchTitle: {
    id: 'search.results.searchTitle',
    defaultMessage: 'Wyszukaj połączenie',
    description: 'Heading and page title of /search opened without stops (nothing searched yet)',
  },
  changeSearch: {
    id: 'search.results.changeSearch',
    defaultMessage: 'Zmień wyszukiwanie',
    description: 'Heading of the search form above the results',
  },
  noSearch: {
    id: 'search.results.noSearch',
    defaultMessage: 'Wybierz w wyszukiwarce przystanek początkowy i docelowy, aby zobaczyć połączenia.',
    description: 'Shown on /search without a (valid) search in the address, e.g. a link with a date but no stops',
  },
  badDate: {
    id: 'search.results.badDate',
    defaultMessage: 'Data wyjazdu w adresie strony jest nieprawidłowa. Wybierz datę i wyszukaj ponownie.',
    description: 'Shown on /search when the address names both stops but its departure date is missing or not a real day',
  },
  badDateBack: {
    id: 'search.results.badDateBack',
    defaultMessage: 'Data powrotu w adresie strony jest nieprawidłowa. Wybierz datę i wyszukaj ponownie.',
    description: 'Shown on /search when the address names both stops but its return date is missing or not a real day',
  },
  badDateField: {
    id: 'search.results.badDateField',
    defaultMessage: 'Wybierz poprawną datę.',
    description: 'Under a date field of the search form when the address had a date that is not a day',
  },
  loading: {
    id: 'search.results.loading',
    defaultMessage: 'Szukam połączeń…',
    description: 'Status while the connections load',
  },
  failed: {
    id: 'search.results.failed',
    defaultMessage: 'Nie udało się wyszukać połączeń. Spróbuj ponownie za chwilę.',
    description: 'Shown when the search request failed (not a validation error)',
  },
  none: {
    id: 'search.results.none',
    defaultMessage: 'Brak połączeń między tymi przystankami w tym dniu.',
    description: 'No connection between the two stops on that date',
  },
  notServed: {
    id: 'search.results.notServed',
    defaultMessage: 'Żadna nasza linia nie łączy tych przystanków w tym kierunku. Wybierz inne przystanki.',
    description: 'Nothing found, and no line runs between the two stops in this direction on any day',
  },
  // When the backend does not say whether the stops are served, the hint does not promise that
  // another day has courses.
  noneHint: {
    id: 'search.results.noneHint',
    defaultMessage: 'Nie każdą parę przystanków łączy nasza linia. Sprawdź inny dzień albo wybierz inne przystanki.',
    description: 'Under "no connections": another day may have courses, or no line may serve these stops at all',
  },
  nextDay: {
    id: 'search.results.nextDay',
    defaultMessage: 'Szukaj dzień później',
    description: 'Button that repeats the search one day later',
  },
  choose: {
    id: 'search.results.choose',
    defaultMessage: 'Dalej: dane biletów',
    description: 'Button that continues to the order form with the chosen courses',
  },
  chooseOutbound: {
    id: 'search.results.chooseOutbound',
    defaultMessage: 'Wybierz kurs tam.',
    description: 'Validation: no outbound course chosen',
  },
  chooseBack: {
    id: 'search.results.chooseBack',
    defaultMessage: 'Wybierz kurs powrotny.',
    description: 'Validation: no return course chosen',
  },
  backBeforeOutbound: {
    id: 'search.results.backBeforeOutbound',
    defaultMessage: 'Kurs powrotny musi odjeżdżać po przyjeździe kursu tam.',
    description: 'Validation: the chosen return leaves before the outbound arrives',
  },
});

// Typed placeholders: formatMessage() must pass exactly these values.
export const searchPageValues = defineMessages<{
  invalid: { details: string };
  outbound: { from: string; to: string; date: string };
  outboundOneWay: { from: string; to: string; date: string };
  back: { from: string; to: string; date: string };
  outboundUnnamed: { date: string };
  outboundOneWayUnnamed: { date: string };
  backUnnamed: { date: string };
}>({
  invalid: {
    id: 'search.results.invalid',
    defaultMessage: 'Popraw wyszukiwanie: {details}',
    description: 'Shown when the backend refused the search (422); details are its messages',
  },
  outbound: {
    id: 'search.results.outbound',
    defaultMessage: 'Tam: {from} → {to}, {date}',
    description: 'Heading of the outbound connections',
  },
  outboundOneWay: {
    id: 'search.results.outboundOneWay',
    defaultMessage: '{from} → {to}, {date}',
    description: 'Heading of the connections of a one-way search',
  },
  back: {
    id: 'search.results.back',
    defaultMessage: 'Powrót: {from} → {to}, {date}',
    description: 'Heading of the return connections',
  },
  // A shared link names its stops by id only; their names come with the connections found. With
  // none found, the headings go without names rather than show "→ ,".
  outboundUnnamed: {
    id: 'search.results.outboundUnnamed',
    defaultMessage: 'Tam: {date}',
    description: 'Heading of the outbound connections when the stop names are not known (nothing found)',
  },
  outboundOneWayUnnamed: {
    id: 'search.results.outboundOneWayUnnamed',
    defaultMessage: 'Połączenia: {date}',
    description: 'Heading of the connections of a one-way search when the stop names are not known (nothing found)',
  },
  backUnnamed: {
    id: 'search.results.backUnnamed',
    defaultMessage: 'Powrót: {date}',
    description: 'Heading of the return connections when the stop names are not known (nothing found)',
  },
});
