// The search form's own checks, run before a search is sent. The backend checks the same (422).
import { defineMessages } from 'react-intl';

import type { SearchInput } from '../api/search-connections';
import type { SearchForm as SearchFormValues } from '../stores/search-store';

export const searchErrorMessages = defineMessages({
  startRequired: {
    id: 'search.form.error.startRequired',
    defaultMessage: 'Wybierz przystanek początkowy z listy.',
    description: 'Validation: no boarding stop picked',
  },
  endRequired: {
    id: 'search.form.error.endRequired',
    defaultMessage: 'Wybierz przystanek docelowy z listy.',
    description: 'Validation: no destination stop picked',
  },
  sameStop: {
    id: 'search.form.error.sameStop',
    defaultMessage: 'Przystanek docelowy musi być inny niż początkowy.',
    description: 'Validation: the same stop was picked twice',
  },
  dateRequired: {
    id: 'search.form.error.dateRequired',
    defaultMessage: 'Podaj datę wyjazdu.',
    description: 'Validation: no departure date',
  },
  datePast: {
    id: 'search.form.error.datePast',
    defaultMessage: 'Data wyjazdu nie może być wcześniejsza niż dzisiaj.',
    description: 'Validation: departure date in the past',
  },
  dateBackRequired: {
    id: 'search.form.error.dateBackRequired',
    defaultMessage: 'Podaj datę powrotu.',
    description: 'Validation: no return date for a round trip',
  },
  dateBackBefore: {
    id: 'search.form.error.dateBackBefore',
    defaultMessage: 'Data powrotu nie może być wcześniejsza niż data wyjazdu.',
    description: 'Validation: return date before the departure date',
  },
});

export type SearchFormErrors = Partial<Record<'start' | 'end' | 'date' | 'dateBack', string>>;

type Message = keyof typeof searchErrorMessages;

/** Client-side checks; `today` is Warsaw's `YYYY-MM-DD`. Returns message keys per field. */
export function validateSearch(form: SearchFormValues, today: string): Partial<Record<keyof SearchFormErrors, Message>> {
  const errors: Partial<Record<keyof SearchFormErrors, Message>> = {};
  if (!form.start) errors.start = 'startRequired';
  if (!form.end) errors.end = 'endRequired';
  else if (form.start && form.start.id === form.end.id) errors.end = 'sameStop';
  if (!form.date) errors.date = 'dateRequired';
  else if (form.date < today) errors.date = 'datePast';
  if (form.tripMode === 'round_trip') {
    if (!form.dateBack) errors.dateBack = 'dateBackRequired';
    else if (form.date && form.dateBack < form.date) errors.dateBack = 'dateBackBefore';
  }
  return errors;
}

/** The request for a valid form. */
export function toSearchInput(form: SearchFormValues): SearchInput | null {
  if (!form.start || !form.end || !form.date) return null;
  return {
    tripMode: form.tripMode,
    start: form.start.id,
    end: form.end.id,
    date: form.date,
    ...(form.tripMode === 'round_trip' ? { dateBack: form.dateBack } : {}),
  };
}
