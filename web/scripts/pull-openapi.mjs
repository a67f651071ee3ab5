// `npm run openapi:pull`: refreshes the committed copy of the API's OpenAPI document (web/openapi.json)
// from a running server. The mock-shape test (src/testing/mocks/openapi-contract.test.ts) checks the
// MSW handlers' bodies against this file, so refresh it whenever the backend's endpoints change:
//
//   API_URL=http://127.0.0.1:8080 npm run openapi:pull
//
// API_URL is the server's origin (default http://127.0.0.1:8080); the document is at /api/openapi.json.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const origin = (process.env.API_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '').replace(/\/api$/, '');
const source = `${origin}/api/openapi.json`;
const target = fileURLToPath(new URL('../openapi.json', import.meta.url));

const response = await fetch(source, { headers: { Accept: 'application/json' } });
if (!response.ok) {
  console.error(`GET ${source} answered ${response.status} ${response.statusText}`);
  process.exit(1);
}
const document = await response.json();
if (typeof document.openapi !== 'string' || typeof document.paths !== 'object') {
  console.error(`${source} is not an OpenAPI document`);
  process.exit(1);
}
// Stable formatting keeps the diff readable when the lead regenerates it.
await writeFile(target, `${JSON.stringify(document, null, 2)}\n`);
console.log(`wrote ${target}: OpenAPI ${document.openapi}, ${Object.keys(document.paths).length} paths`);
