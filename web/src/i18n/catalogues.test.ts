import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  catalogueFor,
  catalogueUrl,
  loadCatalogue,
  needMessages,
  resetChunkCataloguesForTest,
  restoreCataloguesForTest,
  withMessages,
} from './catalogues';

// The production loading (build/messages-plugin.ts writes the catalogues): each chunk's messages in
// the page's language as the chunk runs, waited for before lazy code renders, and the other language
// for every chunk running once a visitor switches to it.
describe('catalogues per chunk and language (production)', () => {
  const files: Record<string, Record<string, string>> = {
    '/assets/start-a.pl.js': { 'layout.menu': 'Menu' },
    '/assets/start-a.en.js': { 'layout.menu': 'Menu (en)' },
    '/assets/home-b.pl.js': { 'home.title': 'Wyszukaj połączenie' },
    '/assets/home-b.en.js': { 'home.title': 'Search connections' },
  };
  let asked: string[];
  let failing: Set<string>;

  beforeEach(() => {
    vi.stubEnv('PROD', true);
    asked = [];
    failing = new Set();
    resetChunkCataloguesForTest(async (url) => {
      asked.push(url);
      await Promise.resolve();
      if (failing.has(url) || !files[url]) throw new TypeError(`Failed to fetch dynamically imported module: ${url}`);
      return { default: { ...files[url] } };
    }, ['pl']);
  });
  afterEach(() => vi.unstubAllEnvs());
  afterAll(() => restoreCataloguesForTest());

  it('names a catalogue after its chunk', () => {
    expect(catalogueUrl('https://nisko.example/assets/home-b.js', 'en')).toBe('https://nisko.example/assets/home-b.en.js');
  });

  it("loads a running chunk's messages in the page's language only, and lazy code waits for them", async () => {
    const page = withMessages(
      Promise.resolve().then(() => {
        // As the chunk's modules run.
        needMessages('/assets/home-b.js');
        needMessages('/assets/home-b.js');
        return 'the page';
      }),
    );
    expect(catalogueFor('pl')).toEqual({});
    await expect(page).resolves.toBe('the page');
    expect(catalogueFor('pl')).toEqual({ 'home.title': 'Wyszukaj połączenie' });
    expect(asked).toEqual(['/assets/home-b.pl.js']);
  });

  it('loads the other language for every running chunk on switching, and for chunks that run later', async () => {
    needMessages('/assets/start-a.js');
    await loadCatalogue('pl');
    expect(asked).toEqual(['/assets/start-a.pl.js']);

    await loadCatalogue('en');
    expect(catalogueFor('en')).toEqual({ 'layout.menu': 'Menu (en)' });

    await withMessages(Promise.resolve().then(() => needMessages('/assets/home-b.js')));
    expect(asked).toEqual(['/assets/start-a.pl.js', '/assets/start-a.en.js', '/assets/home-b.pl.js', '/assets/home-b.en.js']);
    expect(catalogueFor('en')).toEqual({ 'layout.menu': 'Menu (en)', 'home.title': 'Search connections' });
    expect(catalogueFor('pl')).toEqual({ 'layout.menu': 'Menu', 'home.title': 'Wyszukaj połączenie' });
  });

  it('fails the lazy import when its messages cannot be loaded, and asks again the next time', async () => {
    failing.add('/assets/home-b.en.js');
    await loadCatalogue('en');
    await expect(withMessages(Promise.resolve().then(() => needMessages('/assets/home-b.js')))).rejects.toThrow(
      /dynamically imported module/,
    );

    failing.clear();
    await loadCatalogue('en');
    expect(catalogueFor('en')).toEqual({ 'home.title': 'Search connections' });
    expect(asked.filter((url) => url === '/assets/home-b.en.js')).toHaveLength(2);
  });
});
