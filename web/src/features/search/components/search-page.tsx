// /search: the search form again (to change the search) and the connections found. The search lives in
// the URL (`?tripMode=&start=&end=&date=&dateBack=`), so a result can be reloaded, shared and left
// with the back button. Choosing the outbound (and, for a round trip, the return) course hands both to
// the page (`onChoose`), which starts the order.
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useSearchParams } from 'react-router';

import { isApiError } from '@/shared/api/api-error';
import { usePageTitle } from '@/shared/hooks/use-page-title';

import { useSearchConnections, type Connection, type SearchInput } from '../api/search-connections';
import { useSearchStore } from '../stores/search-store';
import { parseSearchParams, toSearchParams } from '../utils/search-params';
import { searchParamsProblem } from '../utils/search-params-problem';
import type { SearchFormErrors } from '../utils/search-validation';
import { searchServerMessage } from '../utils/server-messages';

import { SearchForm } from './search-form';
import { searchPageMessages as messages, searchPageValues as valueMessages } from './search-page-messages';
import { ResultsForm } from './search-results';
import { SearchSummary } from './search-summary';

interface SearchPageProps {
  /** The outbound course and, for a round trip, the return course, in the form the search gave them. */
  onChoose: (outbound: Connection, back: Connection | null) => void;
}

/** The backend's refusals of the search's own fields (422), to show at them. */
function refusedFields(intl: IntlShape, failure: unknown): SearchFormErrors {
  const errors: SearchFormErrors = {};
  if (!isApiError(failure) || failure.status !== 422) return errors;
  for (const error of failure.errors) {
    if (['start', 'end', 'date', 'dateBack'].includes(error.field)) {
      errors[error.field as keyof SearchFormErrors] = searchServerMessage(intl, error);
    }
  }
  return errors;
}

/** The stops' names: from the connections found (a shared link names them by id only), else the form's. */
function useStopNames(input: SearchInput | null, search: ReturnType<typeof useSearchConnections>) {
  const form = useSearchStore((state) => state.searchForm);
  const first = search.data?.outbound[0] ?? search.data?.return[0];
  const startId = input?.start;
  const fromName = first ? (first.from.id === startId ? first.from.name : first.to.name) : form.start?.name;
  const toName = first ? (first.from.id === startId ? first.to.name : first.from.name) : form.end?.name;
  return { fromName: fromName ?? '', toName: toName ?? '' };
}

/** What the page says instead of results: nothing searched yet, loading, or why the search failed. */
interface StatusProps {
  input: SearchInput | null;
  /** The URL names both stops but not a usable date: say so, not "choose the stops". */
  badDate: 'date' | 'dateBack' | null;
  search: ReturnType<typeof useSearchConnections>;
}

function SearchStatus({ input, badDate, search }: StatusProps) {
  const intl = useIntl();
  if (badDate) {
    return (
      <p className="search-results__message search-results__message--error" role="alert">
        {intl.formatMessage(badDate === 'date' ? messages.badDate : messages.badDateBack)}
      </p>
    );
  }
  if (!input) {
    return (
      <p className="search-results__message" role="status">
        {intl.formatMessage(messages.noSearch)}
      </p>
    );
  }
  if (search.isPending) {
    return (
      <p className="search-results__message" role="status">
        {intl.formatMessage(messages.loading)}
      </p>
    );
  }
  if (!search.isError) return null;
  const failure = search.error;
  return (
    <p className="search-results__message search-results__message--error" role="alert">
      {isApiError(failure) && failure.status === 422
        ? intl.formatMessage(valueMessages.invalid, {
            details: failure.errors.map((error) => searchServerMessage(intl, error)).join(' ') || searchServerMessage(intl, failure),
          })
        : intl.formatMessage(messages.failed)}
    </p>
  );
}

/**
 * Whether the form is folded into its one-line summary (on phones, see search.css): once a search has
 * results, until "change" opens it; a new search folds it again. Opening it puts the focus in it.
 */
function useFoldedForm(input: SearchInput | null, search: ReturnType<typeof useSearchConnections>) {
  const searchKey = input ? toSearchParams(input).toString() : '';
  const [openFor, setOpenFor] = useState<string | null>(null);
  const formRef = useRef<HTMLElement>(null);
  const folded = input !== null && search.isSuccess && openFor !== searchKey;
  const opened = openFor === searchKey;
  useEffect(() => {
    if (opened) formRef.current?.querySelector<HTMLInputElement>('input[role="combobox"]')?.focus();
  }, [opened]);
  return { folded, unfold: () => setOpenFor(searchKey), formRef };
}

export function SearchPage({ onChoose }: SearchPageProps) {
  const intl = useIntl();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const badDate = searchParamsProblem(params);
  const input = badDate ? null : parseSearchParams(params);
  // Without a search in the address there are no results yet: the page is the search itself.
  const title = intl.formatMessage(input ? messages.title : messages.searchTitle);
  usePageTitle(title);

  // The route's loader (api/search-loader.ts) shows the search of the URL in the form and names its
  // stops from the results, on every navigation to /search: nothing to sync here.
  const search = useSearchConnections(input);
  const { fromName, toName } = useStopNames(input, search);
  const onSearch = (next: SearchInput) => setParams(toSearchParams(next));
  const { folded, unfold, formRef } = useFoldedForm(input, search);

  return (
    <div className="search-page">
      <h1>{title}</h1>
      <section
        ref={formRef}
        className={`search-page__form${folded ? ' search-page__form--folded' : ''}`}
        aria-labelledby={`${id}-change`}
      >
        <h2 id={`${id}-change`} className="visually-hidden">
          {intl.formatMessage(messages.changeSearch)}
        </h2>
        {folded && input ? <SearchSummary input={input} formId={`${id}-form`} onChange={unfold} /> : null}
        <SearchForm
          id={`${id}-form`}
          serverErrors={badDate ? { [badDate]: intl.formatMessage(messages.badDateField) } : refusedFields(intl, search.error)}
          onSearch={onSearch}
        />
      </section>

      <SearchStatus input={input} badDate={badDate} search={search} />

      {input && search.data ? (
        <ResultsForm
          // A new search starts with nothing chosen.
          key={toSearchParams(input).toString()}
          input={input}
          result={search.data}
          fromName={fromName}
          toName={toName}
          onSearch={onSearch}
          onChoose={onChoose}
        />
      ) : null}
    </div>
  );
}
