import { describe, expect, it } from 'vitest';

import { localeBasePath, localizePath, parseLocalePath } from './locales';

describe('locale paths', () => {
  it('has no prefix for Polish and /en for English', () => {
    expect(localeBasePath('pl')).toBe('/');
    expect(localeBasePath('en')).toBe('/en');
  });

  it.each([
    ['/', { locale: 'pl', path: '/' }],
    ['/search', { locale: 'pl', path: '/search' }],
    ['/en', { locale: 'en', path: '/' }],
    ['/en/', { locale: 'en', path: '/' }],
    ['/en/user/stamps', { locale: 'en', path: '/user/stamps' }],
    ['/pl/search', { locale: 'pl', path: '/pl/search' }],
    ['/english-page', { locale: 'pl', path: '/english-page' }],
  ])('parses %s', (pathname, expected) => {
    expect(parseLocalePath(pathname)).toEqual(expected);
  });

  it.each([
    ['/', 'pl', '/'],
    ['/', 'en', '/en'],
    ['/search', 'en', '/en/search'],
    ['search', 'pl', '/search'],
  ] as const)('localizes %s into %s', (path, locale, expected) => {
    expect(localizePath(path, locale)).toBe(expected);
  });
});
