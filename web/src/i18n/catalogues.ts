// The message catalogues the app uses, loaded per language and per chunk of code
// (docs/web.md, 'Messages load with the code that shows them').
//
// Production: the code carries only message ids. The build (build/messages-plugin.ts) writes, next to
// every chunk whose modules declare messages, one small catalogue per language (`x.js` ->
// `x.pl.js`, `x.en.js`), and makes each of those modules call `needMessages(import.meta.url)` as it
// runs. So a page downloads the messages of the code it runs, in its visitor's language only: the
// shell's with the shell, a route's with the route, the admin's with the panel; English is fetched
// (for the chunks already running) when a visitor switches to it. Whoever imports code lazily waits
// for its messages before rendering it (`withMessages`), and index.html preloads the first page's
// catalogues beside its chunks (build/route-preload-plugin.ts).
//
// Tests and development: the catalogues as written (src/i18n/messages/*.json), Polish at once and
// English loaded on first use, so every message is always there and a missing one is still an error.
// (`MESSAGES` in messages.ts holds both catalogues statically, for tests that render components
// outside the router.)
import type { MessageFormatElement } from 'react-intl';

import { DEFAULT_LOCALE, type Locale, parseLocalePath } from './locales';
import pl from './messages/pl.json';

/** Texts by message id: ICU strings as written, or compiled to ASTs in a production build. */
export type Catalogue = Record<string, string> | Record<string, MessageFormatElement[]>;

const loaded: Record<Locale, Catalogue> = { pl: import.meta.env.PROD ? {} : pl, en: {} };

/** Development and tests: a language's whole catalogue, once. */
const whole: Record<Locale, () => Promise<{ default: Catalogue }>> = {
  pl: () => Promise.resolve({ default: pl }),
  en: () => import('./messages/en.json'),
};
const wholeLoads = new Map<Locale, Promise<void>>();

/** Production: the chunks that declare messages (their URLs), and the catalogues asked for. */
const chunks = new Set<string>();
const requests = new Map<string, Promise<void>>();
const pending = new Set<Promise<void>>();
/** The languages whose messages every chunk loads as it runs: the page's, then any switched to. */
const wanted = new Set<Locale>([
  typeof location === 'undefined' ? DEFAULT_LOCALE : parseLocalePath(location.pathname).locale,
]);

/** The URL of a chunk's catalogue in `locale` (the build's naming: `x.js` -> `x.en.js`). */
export function catalogueUrl(chunkUrl: string, locale: Locale): string {
  return chunkUrl.replace(/\.js$/, `.${locale}.js`);
}

/** Loads a module by URL (replaced in tests). */
type Importer = (url: string) => Promise<{ default: Catalogue }>;
const importByUrl: Importer = (url) => import(/* @vite-ignore */ url) as Promise<{ default: Catalogue }>;
let importUrl = importByUrl;

function request(chunkUrl: string, locale: Locale): Promise<void> {
  const key = `${locale} ${chunkUrl}`;
  let load = requests.get(key);
  if (!load) {
    load = importUrl(catalogueUrl(chunkUrl, locale)).then((module) => {
      Object.assign(loaded[locale], module.default);
    });
    // A failed load is asked again next time (it rejects whoever waits for it now).
    load.catch(() => requests.delete(key));
    requests.set(key, load);
    const tracked = load;
    pending.add(tracked);
    void tracked.catch(() => undefined).finally(() => pending.delete(tracked));
  }
  return load;
}

/**
 * Production builds call this from every module that declares messages, as it runs, with the URL of
 * the chunk it is in: that chunk's catalogue starts loading in the page's language(s).
 */
export function needMessages(chunkUrl: string): void {
  if (chunks.has(chunkUrl)) return;
  chunks.add(chunkUrl);
  for (const locale of wanted) void request(chunkUrl, locale).catch(() => undefined);
}

/** Resolves once every catalogue asked for so far has arrived (rejects if one failed). */
export async function messagesReady(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

/**
 * A lazily imported module, once its messages (and those of the chunks it brought) are loaded too:
 * every `import()` of code that may render messages goes through this, so nothing is ever shown as a
 * message id (a test checks it).
 */
export async function withMessages<T>(load: Promise<T>): Promise<T> {
  const module = await load;
  await messagesReady();
  return module;
}

/** The catalogue of `locale` as loaded so far. */
export function catalogueFor(locale: Locale): Catalogue {
  return loaded[locale];
}

/**
 * Makes the messages of `locale` available for every chunk running now and every chunk that runs
 * later; resolves when those of the chunks running now have arrived.
 */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  if (!import.meta.env.PROD) {
    let load = wholeLoads.get(locale);
    if (!load) {
      load = whole[locale]().then((module) => {
        loaded[locale] = module.default;
      });
      wholeLoads.set(locale, load);
    }
    await load;
    return loaded[locale];
  }
  wanted.add(locale);
  await Promise.all([...chunks].map((chunk) => request(chunk, locale)));
  return loaded[locale];
}

/** Tests of the production loading: the importer, and a fresh start. */
export function resetChunkCataloguesForTest(importer: Importer, locales: readonly Locale[]): void {
  importUrl = importer;
  chunks.clear();
  requests.clear();
  pending.clear();
  wanted.clear();
  for (const locale of locales) wanted.add(locale);
  loaded.pl = {};
  loaded.en = {};
  wholeLoads.clear();
}

/** After those tests: the development loading again, as the module starts (the test files share it). */
export function restoreCataloguesForTest(): void {
  resetChunkCataloguesForTest(importByUrl, [DEFAULT_LOCALE]);
  loaded.pl = pl;
}
