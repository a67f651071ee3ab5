import { describe, expect, it } from 'vitest';

import type { SearchForm } from '../stores/search-store';

import { toSearchInput, validateSearch } from './search-validation';

const nisko = { id: 1, name: 'Nisko, Dworzec Autobusowy' };
const krakow = { id: 11, name: 'Kraków, MDA Dworzec Autobusowy' };
const today = '2030-07-10';

function form(patch: Partial<SearchForm> = {}): SearchForm {
  return { tripMode: 'one_way', start: nisko, end: krakow, date: today, dateBack: today, ...patch };
}

describe('validateSearch', () => {
  it('accepts a complete one-way search for today', () => {
    expect(validateSearch(form(), today)).toEqual({});
  });

  it('needs both stops, and two different ones', () => {
    expect(validateSearch(form({ start: null, end: null }), today)).toEqual({ start: 'startRequired', end: 'endRequired' });
    expect(validateSearch(form({ end: nisko }), today)).toEqual({ end: 'sameStop' });
  });

  it('refuses a missing or past date', () => {
    expect(validateSearch(form({ date: '' }), today)).toEqual({ date: 'dateRequired' });
    expect(validateSearch(form({ date: '2030-07-09' }), today)).toEqual({ date: 'datePast' });
  });

  it('checks the return date only for a round trip', () => {
    expect(validateSearch(form({ dateBack: '2030-07-01' }), today)).toEqual({});
    expect(validateSearch(form({ tripMode: 'round_trip', dateBack: '' }), today)).toEqual({ dateBack: 'dateBackRequired' });
    expect(validateSearch(form({ tripMode: 'round_trip', date: '2030-07-12', dateBack: '2030-07-11' }), today)).toEqual({
      dateBack: 'dateBackBefore',
    });
  });
});

describe('toSearchInput', () => {
  it('sends stop ids, and dateBack only for a round trip', () => {
    expect(toSearchInput(form())).toEqual({ tripMode: 'one_way', start: 1, end: 11, date: today });
    expect(toSearchInput(form({ tripMode: 'round_trip', dateBack: '2030-07-12' }))).toEqual({
      tripMode: 'round_trip',
      start: 1,
      end: 11,
      date: today,
      dateBack: '2030-07-12',
    });
  });
});
