/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
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
const NAMED_CHUNKS = new Set(['start', 'home', 'search', 'search-form', 'login', 'content-page']);

export default defineConfig(({ command }) => ({
  plugins: [react(), precompiledMessages(), routePreload(), chunkModules()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Messages are compiled at build time (build/messages-plugin.ts): no parser in production.
      ...(command === 'build' ? [parserlessAlias] : []),
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
      output: {
        chunkFileNames: (chunk) =>
          NAMED_CHUNKS.has(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js',
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    unstubEnvs: true,
    // Whole-app renders with lazy pages are slow on a busy 2-core machine.
    testTimeout: 15_000,
    // Every core (Vitest leaves one free by default): on 2 cores the suite took 5 min 55 s
    // with two workers instead of about 11 min with one.
    maxWorkers: availableParallelism(),
  },
}));
