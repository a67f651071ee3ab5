// `npm run size`, after `npm run build`: the gzipped JavaScript each page loads up front, against its
// budget (issue 41: docs/web.md, 'What each page downloads first'). A page's JavaScript is what runs
// before it can render: the entry chunk, the app's start chunk it imports at once, the page's route
// chunk, every chunk those import statically, and the catalogues of their messages in Polish, the
// default language (build/messages-plugin.ts writes one per chunk and language). The English column
// is the same code with the English catalogues. Chunks a page loads later (other pages, lazy parts of
// a page) are not counted; the table of the server's error codes, which every page requests after it
// has started without waiting for it, is shown in its own column.
//
// Fails when a page is over its budget, and when a customer's page loads any of the admin's or the
// driver's code, and so their messages (a chunk's catalogues hold exactly the messages its modules
// declare).
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The pages and their budgets in kB (gzipped): the sizes measured when the budgets were set
 * (2026-12-01, with Polish) plus about 3 kB, so a page that grows by more than that fails and the
 * growth is a decision. Issue 41 asked for the home page at 110 kB at most; it is 87.3 kB since the
 * app runs on Preact's React compatibility layer instead of React DOM (docs/web.md).
 */
const PAGES = [
  { name: 'home', path: '/', module: 'src/app/routes/home.tsx', budget: 90 },
  { name: 'search results', path: '/search', module: 'src/app/routes/search.tsx', budget: 94 },
  { name: 'order form', path: '/order/ticket', module: 'src/app/routes/order-ticket.tsx', budget: 105 },
  { name: 'payment', path: '/order/payment', module: 'src/app/routes/order-payment.tsx', budget: 92 },
  { name: 'order', path: '/order/success/:id', module: 'src/app/routes/order-success.tsx', budget: 100 },
  { name: 'log in', path: '/login', module: 'src/app/routes/login.tsx', budget: 93 },
  { name: 'register', path: '/register', module: 'src/app/routes/register.tsx', budget: 94 },
  { name: 'your account', path: '/user/user', module: 'src/app/routes/user-account.tsx', budget: 99 },
  { name: 'your tickets', path: '/user/your-tickets', module: 'src/app/routes/user-tickets.tsx', budget: 92 },
  { name: 'a ticket', path: '/user/your-tickets/:id', module: 'src/app/routes/user-ticket.tsx', budget: 105 },
  { name: 'your data', path: '/user/my-data', module: 'src/app/routes/my-data.tsx', budget: 91 },
  { name: 'content page', path: '/:slug', module: 'src/app/routes/content-page.tsx', budget: 87 },
  { name: 'admin panel', path: '/admin', module: 'src/app/routes/admin-panel.tsx', budget: 259, area: 'admin' },
  { name: 'driver', path: '/driver', module: 'src/app/routes/driver.tsx', budget: 96, area: 'driver' },
];
/** Requested by every page once it has started (src/app/start.tsx), not waited for. */
const AFTER_START = 'src/shared/api/server-code-texts.ts';
/** The admin's and the driver's code, which no customer's page may load. */
const STAFF_CODE = /^src\/(features\/(admin|driver)\/|app\/routes\/(admin-panel|admin-no-access|driver)\.tsx$)/;

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(await readFile(`${dist}.vite/manifest.json`, 'utf8'));
const modulesOf = JSON.parse(await readFile(`${dist}.vite/chunk-modules.json`, 'utf8'));

/** The manifest's key of the chunk of `module`: the one it is the entry of, or else the one it is in. */
const keyOf = (module) => {
  const file = Object.keys(modulesOf).find((chunk) => modulesOf[chunk].includes(module));
  const key =
    Object.keys(manifest).find((k) => k === module || k.endsWith(`/${module}`)) ??
    Object.keys(manifest).find((k) => manifest[k].file === file);
  if (!key) throw new Error(`dist/.vite/manifest.json has no chunk for ${module} (renamed? build with manifest: true)`);
  return key;
};
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) throw new Error('dist/.vite/manifest.json has no entry chunk');
const start = keyOf('src/app/start.tsx');

const sizes = new Map();
async function gzipped(file) {
  if (!sizes.has(file)) sizes.set(file, gzipSync(await readFile(`${dist}${file}`), { level: 9 }).length);
  return sizes.get(file);
}
const catalogueOf = (file, locale) => {
  const catalogue = file.replace(/\.js$/, `.${locale}.js`);
  return existsSync(`${dist}${catalogue}`) ? catalogue : null;
};

/** The JavaScript files of `keys` and every chunk they import statically. */
function closure(...keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dependency of manifest[key]?.imports ?? []) visit(dependency);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

async function total(files) {
  let sum = 0;
  for (const file of files) sum += await gzipped(file);
  return sum;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const failures = [];
const rows = [];
for (const page of PAGES) {
  const code = closure(entry, start, keyOf(page.module));
  const polish = code.map((file) => catalogueOf(file, 'pl')).filter(Boolean);
  const english = code.map((file) => catalogueOf(file, 'en')).filter(Boolean);
  const codeSize = await total(code);
  const pl = codeSize + (await total(polish));
  const en = codeSize + (await total(english));
  const afterStart = closure(keyOf(AFTER_START)).filter((file) => !code.includes(file));
  const later = (await total(afterStart)) + (await total(afterStart.map((file) => catalogueOf(file, 'pl')).filter(Boolean)));
  rows.push({ page, files: code.length + polish.length, code: codeSize, pl, en, later });
  if (pl / 1024 > page.budget) failures.push(`${page.name}: ${kb(pl)} kB, over its budget of ${page.budget} kB by ${kb(pl - page.budget * 1024)} kB`);

  if (page.area) continue;
  for (const file of code) {
    const staff = (modulesOf[file] ?? []).filter((module) => STAFF_CODE.test(module));
    if (staff.length > 0) failures.push(`${page.name}: ${file} holds the admin's or the driver's code: ${staff.join(', ')}`);
  }
}

const header = ['page', 'path', 'files', 'code', 'with pl', 'budget', 'with en', 'after start'];
const table = rows.map(({ page, files, code, pl, en, later }) => [
  page.name,
  page.path,
  String(files),
  kB(code),
  kB(pl),
  `${page.budget} kB`,
  kB(en),
  kB(later),
]);
function kB(bytes) {
  return `${kb(bytes)} kB`;
}
const widths = header.map((title, column) => Math.max(title.length, ...table.map((row) => row[column].length)));
const line = (cells) => cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
console.log('JavaScript each page loads before it renders, gzipped: its code, then with its messages in Polish');
console.log('(the budget) and in English; "after start": the error texts every page requests once started.');
console.log(line(header));
for (const row of table) console.log(line(row));

if (failures.length > 0) {
  for (const failure of failures) console.error(`FAIL ${failure}`);
  process.exit(1);
}
console.log(`every page within its budget; no customer page loads the admin's or the driver's code or messages`);
