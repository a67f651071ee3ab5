/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The Rust app serves the API, the health probes and (in production) web/dist on one origin.
// In development Vite serves the front end and forwards those paths to it.
const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';

const proxy = {
  '/api': { target: backend, changeOrigin: false },
  // Exact paths only, so a future content page such as /ready-made is not proxied.
  '^/(health|ready)$': { target: backend, changeOrigin: false },
};

/**
 * Production builds ship the message catalogues pre-parsed (ICU message ASTs, as `formatjs compile
 * --ast` would make them), so the ICU parser (~8 kB gzipped) can be left out of the bundle: react-intl
 * formats ASTs directly. Tests and the dev server keep the JSON as written.
 */
function precompiledMessages(): Plugin {
  return {
    name: 'nisko-bus:precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    async transform(code, id) {
      if (!/[\\/]src[\\/]i18n[\\/]messages[\\/][a-z-]+\.json$/.test(id)) return null;
      const { parse } = await import('@formatjs/icu-messageformat-parser');
      const catalogue = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(catalogue).map(([key, text]) => [key, parse(text)]));
      // Still JSON: Vite's JSON plugin turns it into a module next.
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), precompiledMessages()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // With pre-parsed catalogues (above) the parser is never called in production.
      ...(command === 'build'
        ? [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ]
        : []),
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
    target: 'es2022',
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    unstubEnvs: true,
  },
}));
