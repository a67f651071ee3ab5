// The search form's state (docs/web.md, 'The search form'): the trip mode and its options, the stops and
// dates, and the start date of the last result. Kept for the browser tab (sessionStorage), so going
// back from the results or the order form shows what was searched.
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

import { warsawDate } from '@/i18n/format';

import type { TripMode } from '../api/search-connections';

export type { TripMode } from '../api/search-connections';

/** A chosen stop; the name is kept to show it again without a lookup. */
export interface SelectedStop {
  id: number;
  name: string;
}

export interface SearchForm {
  tripMode: TripMode;
  start: SelectedStop | null;
  end: SelectedStop | null;
  /** `YYYY-MM-DD` (Warsaw); today by default. */
  date: string;
  /** `YYYY-MM-DD`; used for round trips only; today by default. */
  dateBack: string;
}

const tripModeMessages = defineMessages({
  one_way: {
    id: 'search.tripMode.oneWay',
    defaultMessage: 'W jedną stronę',
    description: 'Trip mode option: a single journey',
  },
  round_trip: {
    id: 'search.tripMode.roundTrip',
    defaultMessage: 'W obie strony',
    description: 'Trip mode option: there and back',
  },
});

export interface TripModeOption {
  value: TripMode;
  label: MessageDescriptor;
}

export const TRIP_MODE_OPTIONS: readonly TripModeOption[] = [
  { value: 'one_way', label: tripModeMessages.one_way },
  { value: 'round_trip', label: tripModeMessages.round_trip },
];

interface SearchState {
  result: { startDate: string | null };
  tripModeOptions: readonly TripModeOption[];
  searchForm: SearchForm;
  setSearchForm: (patch: Partial<SearchForm>) => void;
  /** Remembers the date the last results start at. */
  setResultStartDate: (date: string | null) => void;
  /** Back to the defaults (today's dates, no stops). */
  reset: () => void;
}

export function defaultSearchForm(now: Date = new Date()): SearchForm {
  const today = warsawDate(now);
  return { tripMode: 'one_way', start: null, end: null, date: today, dateBack: today };
}

export const useSearchStore = create<SearchState>()(
  persist(
    (set) => ({
      result: { startDate: null },
      tripModeOptions: TRIP_MODE_OPTIONS,
      searchForm: defaultSearchForm(),
      setSearchForm: (patch) => set((state) => ({ searchForm: { ...state.searchForm, ...patch } })),
      setResultStartDate: (startDate) => set({ result: { startDate } }),
      reset: () => set({ result: { startDate: null }, searchForm: defaultSearchForm() }),
    }),
    {
      name: 'nisko-bus.search',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ result: state.result, searchForm: state.searchForm }),
      // A tab left open overnight must not offer yesterday: past dates move to today.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<Pick<SearchState, 'result' | 'searchForm'>>;
        const form = { ...current.searchForm, ...saved.searchForm };
        const today = warsawDate();
        if (form.date < today) form.date = today;
        if (form.dateBack < form.date) form.dateBack = form.date;
        return { ...current, result: saved.result ?? current.result, searchForm: form };
      },
    },
  ),
);
