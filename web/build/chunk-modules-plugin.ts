// Writes dist/.vite/chunk-modules.json: for every JavaScript chunk, the source modules in it (paths
// from web/, e.g. `src/features/admin/...`). Vite's manifest names only a chunk's entry module;
// scripts/bundle-size.mjs reads this file to check that no customer page loads the admin's or the
// driver's code.
import { relative } from 'node:path';

import type { Plugin } from 'vite';

export function chunkModules(): Plugin {
  let root = '';
  return {
    name: 'nisko-bus:chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const table: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        table[output.fileName] = output.moduleIds
          .filter((id) => !id.startsWith('\0'))
          .map((id) => relative(root, id.split('?')[0] ?? id));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(table, null, 1) });
    },
  };
}
