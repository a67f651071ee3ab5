import { beforeEach, describe, expect, it } from 'vitest';

import type { Connection } from '../api/search-connections';
import { useSearchStore } from '../stores/search-store';

import { nameStopsFrom, showSearchInForm } from './sync-search-form';

const connection = {
  from: { id: 1, name: 'Nisko, Dworzec Autobusowy' },
  to: { id: 11, name: 'Kraków, MDA Dworzec Autobusowy' },
} as Connection;

describe('the search form follows the URL', () => {
  beforeEach(() => {
    useSearchStore.getState().reset();
  });

  it('shows the search of the URL, then names its stops from the results', () => {
    showSearchInForm({ tripMode: 'round_trip', start: 1, end: 11, date: '2030-07-12', dateBack: '2030-07-14' });
    expect(useSearchStore.getState().searchForm).toEqual({
      tripMode: 'round_trip',
      start: { id: 1, name: '' },
      end: { id: 11, name: '' },
      date: '2030-07-12',
      dateBack: '2030-07-14',
    });
    expect(useSearchStore.getState().result.startDate).toBe('2030-07-12');

    // The back connection lists the stops the other way round.
    nameStopsFrom({ ...connection, from: connection.to, to: connection.from }, 1);
    expect(useSearchStore.getState().searchForm.start).toEqual(connection.from);
    expect(useSearchStore.getState().searchForm.end).toEqual(connection.to);
  });

  it('writes nothing when the form already shows that search', () => {
    const input = { tripMode: 'one_way', start: 1, end: 11, date: '2030-07-12' } as const;
    showSearchInForm(input);
    nameStopsFrom(connection, 1);
    let writes = 0;
    const unsubscribe = useSearchStore.subscribe(() => {
      writes += 1;
    });
    showSearchInForm(input);
    nameStopsFrom(connection, 1);
    unsubscribe();
    expect(writes).toBe(0);
    // Known names survive a new date.
    showSearchInForm({ ...input, date: '2030-07-13' });
    expect(useSearchStore.getState().searchForm.start).toEqual(connection.from);
  });
});
