// /search: the search form again (to change the search) and the connections found. The search lives in
// the URL (`?tripMode=&start=&end=&date=&dateBack=`), so a result can be reloaded, shared and left
// with the back button. Choosing the outbound (and, for a round trip, the return) course hands both to
// the page (`onChoose`), which starts the order.
import { useId, useRef, useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';

import { useFormatters } from '@/i18n/format';
import { isApiError } from '@/shared/api/api-error';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { Button } from '@/shared/ui/button';

import { useSearchConnections, type Connection, type SearchInput, type SearchResult } from '../api/search-connections';
import { useSearchStore } from '../stores/search-store';
import { addDay, parseSearchParams, toSearchParams } from '../utils/search-params';
import type { SearchFormErrors } from '../utils/search-validation';
import { searchServerMessage } from '../utils/server-messages';

import { ConnectionOption } from './connection-option';
import { SearchForm } from './search-form';

const messages = defineMessages({
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
const valueMessages = defineMessages<{
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

interface SearchPageProps {
  /** The outbound course and, for a round trip, the return course, in the form the search gave them. */
  onChoose: (outbound: Connection, back: Connection | null) => void;
}

export function SearchPage({ onChoose }: SearchPageProps) {
  const intl = useIntl();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const input = parseSearchParams(params);
  // Without a search in the address there are no results yet: the page is the search itself.
  const title = intl.formatMessage(input ? messages.title : messages.searchTitle);
  usePageTitle(title);

  const search = useSearchConnections(input);
  const form = useSearchStore((state) => state.searchForm);

  // The route's loader (api/search-loader.ts) shows the search of the URL in the form and names its
  // stops from the results, on every navigation to /search: nothing to sync here.
  const inputKey = input ? toSearchParams(input).toString() : '';
  const first = search.data?.outbound[0] ?? search.data?.return[0];
  const startId = input?.start;

  const serverErrors: SearchFormErrors = {};
  if (isApiError(search.error) && search.error.status === 422) {
    for (const error of search.error.errors) {
      if (['start', 'end', 'date', 'dateBack'].includes(error.field)) {
        serverErrors[error.field as keyof SearchFormErrors] = searchServerMessage(intl, error);
      }
    }
  }

  const fromName = first ? (first.from.id === startId ? first.from.name : first.to.name) : form.start?.name;
  const toName = first ? (first.from.id === startId ? first.to.name : first.from.name) : form.end?.name;

  return (
    <div className="search-page">
      <h1>{title}</h1>
      <section className="search-page__form" aria-labelledby={`${id}-change`}>
        <h2 id={`${id}-change`} className="visually-hidden">
          {intl.formatMessage(messages.changeSearch)}
        </h2>
        <SearchForm serverErrors={serverErrors} onSearch={(next) => setParams(toSearchParams(next))} />
      </section>

      {!input ? (
        <p className="search-results__message" role="status">
          {intl.formatMessage(messages.noSearch)}
        </p>
      ) : null}

      {input && search.isPending ? (
        <p className="search-results__message" role="status">
          {intl.formatMessage(messages.loading)}
        </p>
      ) : null}

      {input && search.isError ? (
        <p className="search-results__message search-results__message--error" role="alert">
          {isApiError(search.error) && search.error.status === 422
            ? intl.formatMessage(valueMessages.invalid, {
                details:
                  search.error.errors.map((error) => searchServerMessage(intl, error)).join(' ') ||
                  searchServerMessage(intl, search.error),
              })
            : intl.formatMessage(messages.failed)}
        </p>
      ) : null}

      {input && search.data ? (
        <ResultsForm
          // A new search starts with nothing chosen.
          key={inputKey}
          input={input}
          result={search.data}
          fromName={fromName ?? ''}
          toName={toName ?? ''}
          onSearch={(next) => setParams(toSearchParams(next))}
          onChoose={onChoose}
        />
      ) : null}
    </div>
  );
}

interface ResultsFormProps {
  input: SearchInput;
  result: SearchResult;
  fromName: string;
  toName: string;
  onSearch: (input: SearchInput) => void;
  onChoose: (outbound: Connection, back: Connection | null) => void;
}

/** The connections of one search as radio groups (outbound, and back for a round trip), and "continue". */
function ResultsForm({ input, result, fromName, toName, onSearch, onChoose }: ResultsFormProps) {
  const intl = useIntl();
  const format = useFormatters();
  const id = useId();
  const [outboundId, setOutboundId] = useState<string | null>(null);
  const [backId, setBackId] = useState<string | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  const roundTrip = input.tripMode === 'round_trip';
  const { outbound, return: back } = result;
  // A course that sold out since it was chosen (the list refreshes) no longer counts as chosen.
  const chosenOutbound = outbound.find((c) => c.course_id === outboundId && c.seats_available > 0) ?? null;
  const chosenBack = back.find((c) => c.course_id === backId && c.seats_available > 0) ?? null;

  function choose(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let problem: string | null = null;
    if (!chosenOutbound) problem = intl.formatMessage(messages.chooseOutbound);
    else if (roundTrip && !chosenBack) problem = intl.formatMessage(messages.chooseBack);
    else if (roundTrip && chosenBack && new Date(chosenBack.departure_at) < new Date(chosenOutbound.arrival_at)) {
      problem = intl.formatMessage(messages.backBeforeOutbound);
    }
    setChoiceError(problem);
    if (problem) {
      errorRef.current?.focus();
      return;
    }
    if (chosenOutbound) onChoose(chosenOutbound, roundTrip ? chosenBack : null);
  }

  function directionList(
    kind: 'outbound' | 'back',
    /** Whether any line runs this way; undefined when the backend did not say. */
    served: boolean | undefined,
    connections: Connection[],
    chosen: string | null,
    setChosen: (courseId: string) => void,
  ) {
    const headingId = `${id}-${kind}`;
    const named = fromName !== '' && toName !== '';
    const date = format.day(kind === 'back' ? (input.dateBack ?? input.date) : input.date, 'full');
    const heading = !named
      ? intl.formatMessage(
          kind === 'back'
            ? valueMessages.backUnnamed
            : roundTrip
              ? valueMessages.outboundUnnamed
              : valueMessages.outboundOneWayUnnamed,
          { date },
        )
      : kind === 'back'
        ? intl.formatMessage(valueMessages.back, { from: toName, to: fromName, date })
        : intl.formatMessage(roundTrip ? valueMessages.outbound : valueMessages.outboundOneWay, {
            from: fromName,
            to: toName,
            date,
          });
    return (
      <section className="search-results__direction" aria-labelledby={headingId}>
        <h2 id={headingId} className="search-results__heading">
          {heading}
        </h2>
        {connections.length === 0 && served === false ? (
          // Another day would not help: no next-day button.
          <div className="search-results__empty">
            <p className="search-results__none">{intl.formatMessage(messages.notServed)}</p>
          </div>
        ) : connections.length === 0 ? (
          <div className="search-results__empty">
            <p className="search-results__none">{intl.formatMessage(messages.none)}</p>
            {served === undefined ? <p>{intl.formatMessage(messages.noneHint)}</p> : null}
            <Button
              variant="secondary"
              onClick={() => {
                const next =
                  kind === 'back'
                    ? { ...input, dateBack: addDay(input.dateBack ?? input.date) }
                    : { ...input, date: addDay(input.date) };
                if (next.dateBack && next.dateBack < next.date) next.dateBack = next.date;
                onSearch(next);
              }}
            >
              {intl.formatMessage(messages.nextDay)}
            </Button>
          </div>
        ) : (
          <fieldset className="search-results__options">
            <legend className="visually-hidden">{heading}</legend>
            <ul className="search-results__list">
              {connections.map((connection) => (
                <ConnectionOption
                  key={connection.course_id}
                  connection={connection}
                  name={`${id}-${kind}-course`}
                  checked={chosen === connection.course_id}
                  onSelect={() => {
                    setChosen(connection.course_id);
                    setChoiceError(null);
                  }}
                />
              ))}
            </ul>
          </fieldset>
        )}
      </section>
    );
  }

  const canChoose = outbound.length > 0 && (!roundTrip || back.length > 0);

  return (
    <form className="search-results" noValidate onSubmit={choose}>
      {directionList('outbound', result.served, outbound, outboundId, setOutboundId)}
      {roundTrip ? directionList('back', result.return_served, back, backId, setBackId) : null}
      {canChoose ? (
        <div className="search-results__actions">
          <p ref={errorRef} tabIndex={-1} className="form-field__error" role="alert">
            {choiceError}
          </p>
          <Button type="submit">{intl.formatMessage(messages.choose)}</Button>
        </div>
      ) : null}
    </form>
  );
}
