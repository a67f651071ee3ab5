// `npm run size`: the gzipped JavaScript the home page downloads (the entry chunk, the app's start
// chunk it imports at once, the home route's chunk, and every chunk they import statically), from a fresh `npm run build` in dist/. Fails when it
// is over the budget (150 kB, issue #5). Lazy chunks of other routes are not counted.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.env.HOME_JS_BUDGET_KB ?? 150);
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(await readFile(`${dist}.vite/manifest.json`, 'utf8'));

const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
const home = Object.entries(manifest).find(([key]) => key.endsWith('src/app/routes/home.tsx'));
const start = Object.entries(manifest).find(([key]) => key.endsWith('src/app/start.tsx'));
if (!entry || !home || !start) {
  throw new Error("dist/.vite/manifest.json lacks the entry, the app's start or the home route (build with manifest: true)");
}

const seen = new Set();
function collect(key) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dependency of manifest[key]?.imports ?? []) collect(dependency);
}
collect(entry[0]);
collect(start[0]);
collect(home[0]);

let total = 0;
const rows = [];
for (const key of seen) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const gz = gzipSync(await readFile(`${dist}${file}`), { level: 9 }).length;
  total += gz;
  rows.push([file, gz]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, gz] of rows) console.log(`${(gz / 1024).toFixed(2).padStart(8)} kB  ${file}`);
console.log(`${(total / 1024).toFixed(2).padStart(8)} kB  home page JavaScript, gzipped (budget ${BUDGET_KB} kB)`);
if (total / 1024 > BUDGET_KB) {
  console.error(`over budget by ${(total / 1024 - BUDGET_KB).toFixed(2)} kB`);
  process.exit(1);
}
