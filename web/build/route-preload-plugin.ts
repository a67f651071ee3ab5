// Preloads the first page's own chunk from index.html. Pages are lazy chunks (route-level code
// splitting), so without this the browser learns of the page's chunk only after the entry chunk
// has been downloaded and run: one more round trip before the first paint, which on a phone on a
// slow network is the largest single cost of the first load.
//
// At build time this writes a small inline script into index.html with a table from the paths of
// the pages customers land on to the files those pages need beyond the entry (their chunk, the
// chunks it imports and its CSS). The script adds `<link rel="modulepreload">` (and stylesheets)
// for the current path before the entry chunk runs. Vite's own loader later finds the styles
// already there and does not add them twice.
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Landing paths (without the `/en` prefix) and the route modules that render them. */
const LANDING_PAGES: Record<string, string> = {
  '/': 'src/app/routes/home.tsx',
  '/search': 'src/app/routes/search.tsx',
  '/order/ticket': 'src/app/routes/order-ticket.tsx',
};
/** The English catalogue, which `/en` pages load before their first render. */
const ENGLISH_CATALOGUE = 'src/i18n/messages/en.json';

interface Preloads {
  js: string[];
  css: string[];
}

function chunks(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
}

function byModule(bundle: OutputBundle, root: string, module: string): OutputChunk {
  const chunk = chunks(bundle).find((c) => c.facadeModuleId === `${root}/${module}`);
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
  return { js, css: [...css] };
}

function script(table: Record<string, Preloads>, english: string[], base: string): string {
  // Runs before the entry: plain ES5-level code, no dependencies.
  return `(function(){var t=${JSON.stringify(table)},e=${JSON.stringify(english)},b=${JSON.stringify(base)};
var p=location.pathname,en=/^\\/en(\\/|$)/.test(p);p=p.replace(/^\\/en(?=\\/|$)/,'').replace(/\\/+$/,'')||'/';
var h=document.head,f=t[p];
function add(r,u){var l=document.createElement('link');l.rel=r;l.href=b+u;if(r==='modulepreload')l.crossOrigin='';h.appendChild(l);}
if(en)e.forEach(function(u){add('modulepreload',u);});
if(f){f.css.forEach(function(u){add('stylesheet',u);});f.js.forEach(function(u){add('modulepreload',u);});}})();`;
}

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
        const table: Record<string, Preloads> = {};
        for (const [path, module] of Object.entries(LANDING_PAGES)) {
          table[path] = closure(bundle, byModule(bundle, root, module), loaded);
        }
        const english = closure(bundle, byModule(bundle, root, ENGLISH_CATALOGUE), loaded).js;
        return [{ tag: 'script', children: script(table, english, base), injectTo: 'head' }];
      },
    },
  };
}
