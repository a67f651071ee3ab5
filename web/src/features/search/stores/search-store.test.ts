import { describe, expect, it } from 'vitest';

import { warsawDate } from '@/i18n/format';

import { defaultSearchForm, TRIP_MODE_OPTIONS, useSearchStore } from './search-store';

describe('search store', () => {
  it('starts one way, without stops, with both dates today in Warsaw', () => {
    const state = useSearchStore.getState();
    const today = warsawDate();
    expect(state.searchForm).toEqual({ tripMode: 'one_way', start: null, end: null, date: today, dateBack: today });
    expect(state.result).toEqual({ startDate: null });
  });

  it('offers the two trip modes with their labels', () => {
    expect(useSearchStore.getState().tripModeOptions.map((option) => [option.value, option.label.defaultMessage])).toEqual([
      ['one_way', 'W jedną stronę'],
      ['round_trip', 'W obie strony'],
    ]);
    expect(TRIP_MODE_OPTIONS).toHaveLength(2);
  });

  it('updates part of the form and remembers the result date', () => {
    const { setSearchForm, setResultStartDate } = useSearchStore.getState();
    setSearchForm({ tripMode: 'round_trip', start: { id: 1, name: 'Nisko, Dworzec Autobusowy' } });
    setResultStartDate('2030-07-12');

    const state = useSearchStore.getState();
    expect(state.searchForm.tripMode).toBe('round_trip');
    expect(state.searchForm.start).toEqual({ id: 1, name: 'Nisko, Dworzec Autobusowy' });
    expect(state.searchForm.end).toBeNull();
    expect(state.result.startDate).toBe('2030-07-12');
  });

  it('is kept in sessionStorage for the tab', () => {
    useSearchStore.getState().setSearchForm({ end: { id: 11, name: 'Kraków, MDA Dworzec Autobusowy' } });

    const saved = JSON.parse(sessionStorage.getItem('nisko-bus.search') ?? '{}') as { state: { searchForm: unknown } };
    expect(saved.state.searchForm).toMatchObject({ end: { id: 11 } });
  });

  it('moves dates that are in the past to today when read back', async () => {
    sessionStorage.setItem(
      'nisko-bus.search',
      JSON.stringify({
        state: { result: { startDate: '2020-01-01' }, searchForm: { ...defaultSearchForm(), date: '2020-01-01', dateBack: '2020-01-02' } },
        version: 0,
      }),
    );

    await useSearchStore.persist.rehydrate();

    const today = warsawDate();
    expect(useSearchStore.getState().searchForm).toMatchObject({ date: today, dateBack: today });
  });

  it('resets to the defaults', () => {
    const { setSearchForm, reset } = useSearchStore.getState();
    setSearchForm({ tripMode: 'round_trip', start: { id: 1, name: 'Nisko' } });
    reset();
    expect(useSearchStore.getState().searchForm).toEqual(defaultSearchForm());
  });
});
