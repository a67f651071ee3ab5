import { describe, expect, it } from 'vitest';

import { listParams, nextSort, sortState, withParams } from './list-params';
import { itemsJson, itemsValid, parseItems } from './menu-items';
import { minutesValid, moved, priceFromRate } from './route-math';
import { fromGrosz, toGrosz, toLocalInput, warsawLocalToIso } from './validation';

describe('list state in the URL', () => {
  it('fills the defaults and keeps only applied filters', () => {
    const params = listParams(new URLSearchParams('filter[name][like]=Kra&filter[town][like]=&page=x'), 'name');
    expect(params).toEqual({ page: 1, 'per-page': 25, sort: 'name', 'filter[name][like]': 'Kra' });
  });

  it('starts again at page 1 on any change but the page', () => {
    const search = new URLSearchParams('page=4&sort=name');
    expect(withParams(search, { sort: '-name' }).toString()).toBe('sort=-name');
    expect(withParams(search, { page: '5' }).get('page')).toBe('5');
    expect(withParams(search, { 'filter[name][like]': '' }).has('filter[name][like]')).toBe(false);
  });

  it('sorts ascending first, then flips', () => {
    expect(nextSort('name', 'town')).toBe('town');
    expect(nextSort('town', 'town')).toBe('-town');
    expect(nextSort('-town', 'town')).toBe('town');
    expect(sortState('-town', 'town')).toBe('descending');
    expect(sortState('name', 'town')).toBe('none');
  });
});

describe('money and time in forms', () => {
  it('turns typed złoty into grosz without floats, and back', () => {
    expect(toGrosz('39')).toBe(3900);
    expect(toGrosz('39,5')).toBe(3950);
    expect(toGrosz('0.07')).toBe(7);
    expect(fromGrosz(3950)).toBe('39,50');
    expect(fromGrosz(5)).toBe('0,05');
  });

  it('reads datetime inputs as Warsaw time, summer and winter', () => {
    expect(warsawLocalToIso('2026-07-12T07:30')).toBe('2026-07-12T05:30:00.000Z');
    expect(warsawLocalToIso('2026-12-24T07:30')).toBe('2026-12-24T06:30:00.000Z');
    expect(toLocalInput('2026-12-24T06:30:00Z')).toBe('2026-12-24T07:30');
    expect(warsawLocalToIso('')).toBeNull();
  });
});

describe('route stops and prices', () => {
  const row = (minutes: string) => ({ key: minutes, waypointId: 1, name: 'A', minutes });

  it('accepts only whole minutes from 0 at the first stop, increasing, up to the server limit', () => {
    expect(minutesValid([row('0'), row('15'), row('40')])).toBe(true);
    expect(minutesValid([row('0'), row('15'), row('15')])).toBe(false);
    expect(minutesValid([row('0'), row('x')])).toBe(false);
    // No stops are parked at 5000 any more (the list is saved in one request): the server's limit.
    expect(minutesValid([row('0'), row('6000'), row('10000')])).toBe(true);
    expect(minutesValid([row('0'), row('10001')])).toBe(false);
    expect(minutesValid([row('5'), row('15')])).toBe(false);
  });

  it('moves a stop', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });

  it('prices a stretch from a rate, rounded to 10 grosz, never below the minimum', () => {
    expect(priceFromRate(40, 30, 500)).toBe(1200);
    expect(priceFromRate(37, 33, 500)).toBe(1220);
    expect(priceFromRate(5, 30, 500)).toBe(500);
  });
});

describe('menu items', () => {
  it('reads the JSON text into a tree and writes it back without empty children', () => {
    const items = parseItems('[{"name":"A","link":"/","target":"nuxt-link","children":[{"name":"B","link":"/b","target":"_blank"}]},{"name":"C","link":"/c","target":"_self"}]');
    expect(items[0]?.children).toHaveLength(1);
    expect(JSON.parse(itemsJson(items))).toEqual([
      { name: 'A', link: '/', target: 'nuxt-link', children: [{ name: 'B', link: '/b', target: '_blank' }] },
      { name: 'C', link: '/c', target: '_self' },
    ]);
    expect(parseItems('not json')).toEqual([]);
  });

  it('needs a name and a link on every item, also nested', () => {
    expect(itemsValid([{ name: 'A', link: '/', target: 'nuxt-link', children: [{ name: '', link: '/x', target: '_self' }] }])).toBe(false);
  });
});
