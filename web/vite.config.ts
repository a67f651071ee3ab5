/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';

import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

import { chunkModules } from './build/chunk-modules-plugin.ts';
import { parserlessAlias, precompiledMessages } from './build/messages-plugin.ts';
import { routePreload } from './build/route-preload-plugin.ts';

// The Rust app serves the API, the health probes and (in production) web/dist on one origin.
// In development Vite serves the front end and forwards those paths to it.
const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';

const proxy = {
  '/api': { target: backend, changeOrigin: false },
  // Exact paths only, so a future content page such as /ready-made is not proxied.
  '^/(health|ready)$': { target: backend, changeOrigin: false },
};

/** Chunks that keep their names: the first load and the pages it prefetches. */
const NAMED_CHUNKS = new Set(['start', 'libraries', 'home', 'search', 'search-form', 'login', 'content-page']);

const ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const START = fileURLToPath(new URL('./src/app/start.tsx', import.meta.url));

/**
 * The shell in two chunks: every module the app's start imports statically (and the entry does not)
 * goes into the start chunk, the libraries among them into `libraries` (which stays cached across
 * releases that change only the app). Left to itself the bundler splits them by which lazy pages
 * share them, into some twenty files of a few hundred bytes that every page downloads anyway: each a
 * request (on HTTP/1.1 six at a time), each compressed alone (7 kB more in all, issue 41).
 */
type ModuleGraph = { getModuleInfo(id: string): { importedIds: string[] } | null };

/** The modules `root` imports statically, directly or not, itself included. */
function staticClosure(root: string, graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const todo = [root];
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    todo.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

function shellChunk(): (id: string, graph: ModuleGraph) => string | null {
  let shell: Set<string> | undefined;
  return (id, graph) => {
    if (!shell) {
      const entry = staticClosure(ENTRY, graph);
      shell = new Set([...staticClosure(START, graph)].filter((module) => !entry.has(module)));
    }
    if (!shell.has(id)) return null;
    return id.includes('/node_modules/') ? 'libraries' : 'start';
  };
}

/**
 * The app is written against React's API and runs on Preact (`preact/compat`), in the browser and
 * in the unit tests alike (issue 41): React DOM alone was 62.6 kB of the home page's 144.2 kB, Preact
 * with its compatibility layer is about 6 kB. `@preact/preset-vite` points `react` and `react-dom`
 * at `preact/compat` and compiles JSX for Preact (with Prefresh for hot reloading in development).
 *
 * Vitest loads most packages straight from node_modules, where those aliases do not apply; the
 * packages that import React are therefore bundled by Vite for the tests (`inline`), resolved to
 * their ES modules as in the browser (Vitest's default conditions pick react-router's CommonJS
 * build), and Testing Library's ES module build is used for the same reason. Otherwise the tests
 * would render with the real React DOM, which the app never ships.
 */
const REACT_USERS = [
  /\/preact\//,
  /@testing-library\/react/,
  /react-router/,
  /react-intl/,
  /@tanstack\/react-/,
  /zustand/,
  /@tiptap\/react/,
  /react-hook-form/,
  /@hookform\//,
  /use-sync-external-store/,
  /node_modules\/\.vite\/vitest\//,
];
const testingLibraryEsm = {
  find: /^@testing-library\/react$/,
  replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
};
const BROWSER_CONDITIONS = ['module', 'browser', 'development|production'];

export default defineConfig(({ command }) => ({
  plugins: [preact(), precompiledMessages(), routePreload(), chunkModules()],
  resolve: {
    ...(process.env.VITEST ? { conditions: BROWSER_CONDITIONS } : {}),
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Messages are compiled at build time (build/messages-plugin.ts): no parser in production.
      ...(command === 'build' ? [parserlessAlias] : []),
      ...(process.env.VITEST ? [testingLibraryEsm] : []),
    ],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy,
  },
  // `vite preview` proxies only when BACKEND_URL is set: by default it may itself run on :8080
  // (a front-end-only e2e check) and must not forward requests to itself.
  preview: {
    host: '127.0.0.1',
    proxy: process.env.BACKEND_URL ? proxy : {},
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: scripts/bundle-size.mjs reads which chunks each page loads.
    manifest: true,
    target: 'es2022',
    // The start chunk carries the file name of every lazy page's chunks (to preload them with the page):
    // a name is bytes every visitor downloads, ~10 per page, so chunks are named by their hash alone.
    // The first load's own files keep their names (the page's preload and prefetch links name them).
    rollupOptions: {
      // React Router reads React's `useOptimistic` and, where it is missing (Preact has none),
      // keeps the state as it is: the bundler's warning that the import is undefined is expected.
      onLog(level, log, handler) {
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic') && log.id?.includes('/react-router/')) return;
        handler(level, log);
      },
      output: {
        chunkFileNames: (chunk) =>
          NAMED_CHUNKS.has(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js',
        codeSplitting: { groups: [{ name: shellChunk() }] },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    server: { deps: { inline: REACT_USERS } },
    // CommonJS that requires React (the editor's store hooks): bundled for the tests, so that its
    // require('react') takes the alias as the build's CommonJS plugin does.
    deps: { optimizer: { client: { enabled: true, include: ['use-sync-external-store/shim/index.js', 'use-sync-external-store/shim/with-selector.js'] } } },
    unstubEnvs: true,
    // Whole-app renders with lazy pages are slow on a busy 2-core machine.
    testTimeout: 15_000,
    // Every core (Vitest leaves one free by default): on 2 cores the suite took 5 min 55 s
    // with two workers instead of about 11 min with one.
    maxWorkers: availableParallelism(),
    // The test files of a worker share their modules (React, the router, the app's own), instead
    // of loading and evaluating them again for each of 125 files: on 2 cores the suite took 99-101 s
    // and 165 s of CPU instead of 411 s (React DOM: 466 s and 900 s of CPU). What a test may change is put back after each
    // test by src/testing/setup-tests.ts (stores, storage, cookies, the mock server's data), and the
    // files run in shuffled order too (`npm run test:shuffled`) to find state that leaks between them.
    isolate: false,
  },
}));
