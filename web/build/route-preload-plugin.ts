// Preloads the first page's own chunk from index.html. Pages are lazy chunks (route-level code
// splitting), so without this the browser learns of the page's chunk only after the entry chunk
// has been downloaded and run: one more round trip before the first paint, which on a phone on a
// slow network is the largest single cost of the first load.
//
// At build time this writes a small inline script into index.html with a table from the paths of
// the pages customers land on to the files those pages need beyond the entry (their chunk, the
// chunks it imports and its CSS). The script adds `<link rel="modulepreload">` (and stylesheets)
// for the current path before the entry chunk runs, and for the app's start chunk (which the entry
// imports dynamically, see src/main.tsx) on every path, with the messages of those chunks in the
// page's language (build/messages-plugin.ts), so they download beside the code instead of after it.
// Vite's own loader later finds the styles already there and does not add them twice.
import type { Plugin, Rollup } from 'vite';

import { hasCatalogues } from './messages-plugin.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Landing paths (without the `/en` prefix) and the route modules that render them. */
const LANDING_PAGES: Record<string, string> = {
  '/': 'src/app/routes/home.tsx',
  '/search': 'src/app/routes/search.tsx',
  '/order/ticket': 'src/app/routes/order-ticket.tsx',
};
/**
 * The pages most visitors open next. Their files are listed in the page (`window.__routePrefetch`)
 * for src/app/prefetch.ts, which fetches them once the first page is idle without running them:
 * running a chunk costs main-thread time when the visitor may be starting to use the page.
 */
const LIKELY_NEXT_PAGES = ['src/app/routes/login.tsx', 'src/app/routes/content-page.tsx'];
/** The app's start (src/main.tsx imports it after React has run): every page needs it. */
const APP_START = 'src/app/start.tsx';
interface Preloads {
  js: string[];
  css: string[];
  /** Those of `js` with a catalogue per language (`x.js` -> `x.pl.js`, `x.en.js`). */
  msg: string[];
}

function chunks(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
}

/** The chunk of a module: the one it is the entry of, or else the one it is in (the shell's, see vite.config.ts). */
function byModule(bundle: OutputBundle, root: string, module: string): OutputChunk {
  const id = `${root}/${module}`;
  const chunk = chunks(bundle).find((c) => c.facadeModuleId === id) ?? chunks(bundle).find((c) => c.moduleIds.includes(id));
  if (!chunk) throw new Error(`route-preload: no chunk for ${module} (was it renamed?)`);
  return chunk;
}

/** The files `start` needs that the entry has not already loaded, in load order. */
function closure(bundle: OutputBundle, start: OutputChunk, loaded: Set<string>): Preloads {
  const js: string[] = [];
  const css = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (loaded.has(chunk.fileName) || js.includes(chunk.fileName)) return;
    js.push(chunk.fileName);
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
    for (const file of chunk.imports) {
      const imported = bundle[file];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(start);
  return { js, css: [...css], msg: js.filter((file) => hasCatalogues(bundle, file)) };
}

function script(always: Preloads, table: Record<string, Preloads>, next: Preloads, base: string): string {
  // Runs before the entry: plain ES5-level code, no dependencies. `m` names a chunk's catalogue in
  // the page's language.
  return `(function(){var a=${JSON.stringify(always)},t=${JSON.stringify(table)},n=${JSON.stringify(next)},b=${JSON.stringify(base)};
var p=location.pathname,lang=/^\\/en(\\/|$)/.test(p)?'en':'pl';p=p.replace(/^\\/en(?=\\/|$)/,'').replace(/\\/+$/,'')||'/';
function m(u){return u.replace(/\\.js$/,'.'+lang+'.js');}
window.__routePrefetch=n.js.concat(n.css,n.msg.map(m)).map(function(u){return b+u;});
var h=document.head,f=t[p];
function add(r,u){var l=document.createElement('link');l.rel=r;l.href=b+u;if(r==='modulepreload')l.crossOrigin='';h.appendChild(l);}
function load(x){x.css.forEach(function(u){add('stylesheet',u);});x.js.forEach(function(u){add('modulepreload',u);});x.msg.forEach(function(u){add('modulepreload',m(u));});}
load(a);if(f)load(f);})();`;
}

/**
 * Makes the browser's first Intl formatter while the scripts are still downloading. The first one a
 * page makes loads the internationalisation data (measured at 50-90 ms in Chromium on this kind of
 * machine, the same for any locale; later ones take 1-5 ms). The app formats dates and amounts in its
 * first render, which would pay that cost in the middle of start-up; here it falls in time the main
 * thread would otherwise spend waiting for the network. Its own task, so the HTML parser is not held.
 */
const INTL_WARM_UP = `setTimeout(function(){try{new Intl.DateTimeFormat(document.documentElement.lang||'pl',{timeZone:'Europe/Warsaw',dateStyle:'full'}).format(0);new Intl.NumberFormat(document.documentElement.lang||'pl',{style:'currency',currency:'PLN'}).format(0);}catch(e){}},0);`;

export function routePreload(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'coach:route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const entry = chunks(bundle).find((c) => c.isEntry);
        if (!entry) throw new Error('route-preload: the bundle has no entry chunk');
        const loaded = new Set([entry.fileName, ...entry.imports]);
        const always = closure(bundle, byModule(bundle, root, APP_START), loaded);
        // The entry's own chunks are loaded by the page itself, their messages are not.
        always.msg.push(...[...loaded].filter((file) => hasCatalogues(bundle, file)));
        for (const file of always.js) loaded.add(file);
        const table: Record<string, Preloads> = {};
        for (const [path, module] of Object.entries(LANDING_PAGES)) {
          table[path] = closure(bundle, byModule(bundle, root, module), loaded);
        }
        const next: Preloads = { js: [], css: [], msg: [] };
        for (const module of LIKELY_NEXT_PAGES) {
          const files = closure(bundle, byModule(bundle, root, module), loaded);
          for (const key of ['js', 'css', 'msg'] as const) {
            for (const file of files[key]) if (!next[key].includes(file)) next[key].push(file);
          }
        }
        return [
          { tag: 'script', children: script(always, table, next, base), injectTo: 'head' },
          { tag: 'script', children: INTL_WARM_UP, injectTo: 'head' },
        ];
      },
    },
  };
}
