// The search form follows the search in the URL of /search (a reloaded or shared link) and learns
// the stops' names from the results. Both write to the store only when something differs, so a
// page that already shows the right search is not rendered again.
import type { Connection, SearchInput } from '../api/search-connections';
import { useSearchStore, type SearchForm, type SelectedStop } from '../stores/search-store';

function sameStop(a: SelectedStop | null, b: SelectedStop | null): boolean {
  return a?.id === b?.id && a?.name === b?.name;
}

function sameForm(a: SearchForm, b: SearchForm): boolean {
  return (
    a.tripMode === b.tripMode &&
    sameStop(a.start, b.start) &&
    sameStop(a.end, b.end) &&
    a.date === b.date &&
    a.dateBack === b.dateBack
  );
}

/** Shows `input` in the search form; a stop keeps its known name when its id is the same. */
export function showSearchInForm(input: SearchInput): void {
  const { searchForm: stored, result, setSearchForm, setResultStartDate } = useSearchStore.getState();
  const next: SearchForm = {
    tripMode: input.tripMode,
    start: stored.start?.id === input.start ? stored.start : { id: input.start, name: '' },
    end: stored.end?.id === input.end ? stored.end : { id: input.end, name: '' },
    date: input.date,
    dateBack: input.dateBack ?? (stored.dateBack < input.date ? input.date : stored.dateBack),
  };
  if (!sameForm(stored, next)) setSearchForm(next);
  if (result.startDate !== input.date) setResultStartDate(input.date);
}

/** Names the form's stops (when still unnamed) from the first connection found. */
export function nameStopsFrom(first: Connection, startId: number): void {
  const { searchForm: stored, setSearchForm } = useSearchStore.getState();
  const names = first.from.id === startId ? first : { from: first.to, to: first.from };
  const patch: Partial<SearchForm> = {};
  if (stored.start?.id === names.from.id && !stored.start.name) patch.start = names.from;
  if (stored.end?.id === names.to.id && !stored.end.name) patch.end = names.to;
  if (patch.start || patch.end) setSearchForm(patch);
}
