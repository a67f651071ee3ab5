// Checks that the MSW handlers answer the way the real API documents itself: each case in
// openapi-contracts.ts is sent to the mocks and its JSON body validated against the 200 response
// schema of its operation in web/openapi.json (OpenAPI 3.1 = JSON Schema 2020-12), with the
// document's `#/components/schemas/*` references resolved. Refresh the document with
// `npm run openapi:pull` when the backend changes.
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';

import openapiDocument from '../../../openapi.json';

import { authHeaders, CONTRACT_CASES, type ContractCase } from './openapi-contracts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface OpenApi {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Json }> }> }>>;
  components?: { schemas?: Record<string, Json> };
}

const doc = openapiDocument as unknown as OpenApi;
const COMPONENT_REF = '#/components/schemas/';

/** Points component references at `$defs`, so one self-contained schema can be compiled. */
function rewriteRefs(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(rewriteRefs);
  if (schema && typeof schema === 'object') {
    return Object.fromEntries(
      Object.entries(schema).map(([key, value]) => [
        key,
        key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_REF)
          ? `#/$defs/${value.slice(COMPONENT_REF.length)}`
          : rewriteRefs(value),
      ]),
    );
  }
  return schema;
}

function createAjv() {
  // strict: unknown keywords are errors, except OpenAPI's own annotations.
  // Strict, but a type may be a list (`["number", "boolean", "null"]`), as OpenAPI 3.1 writes unions.
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs']);
  // OpenAPI numeric formats: annotations for us (the JSON type is checked by `type`).
  for (const format of ['int32', 'int64', 'float', 'double']) ajv.addFormat(format, true);
  return ajv;
}

const ajv = createAjv();
const definitions = Object.fromEntries(
  Object.entries(doc.components?.schemas ?? {}).map(([name, schema]) => [name, rewriteRefs(schema)]),
);

function responseSchema(c: ContractCase): Json | undefined {
  const operation = doc.paths[c.path]?.[c.method];
  return operation?.responses?.[String(c.status ?? 200)]?.content?.['application/json']?.schema;
}

function pick(body: unknown, at: string): unknown {
  if (!at) return body;
  return at.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], body);
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`).join('\n');
}

async function callMock(c: ContractCase): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(c.as) };
  if (c.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(new URL(`/api${c.url}`, window.location.origin), {
    method: c.method.toUpperCase(),
    headers,
    body: c.body === undefined ? undefined : JSON.stringify(c.body),
  });
}

describe('mock answers match the OpenAPI document', () => {
  it('has an OpenAPI 3.1 document with paths', () => {
    expect(openapiDocument.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
  });

  for (const c of CONTRACT_CASES) {
    const name = `${c.method.toUpperCase()} ${c.url}${c.at ? ` (${c.at})` : ''}`;
    if (c.todo) {
      it.todo(`${name}: ${c.todo}`);
      continue;
    }
    it(name, async () => {
      const schema = responseSchema(c);
      const status = c.status ?? 200;
      expect(schema, `${c.method} ${c.path} has no ${status} JSON schema in openapi.json (npm run openapi:pull?)`).toBeDefined();
      c.setup?.();

      const response = await callMock(c);
      expect(response.status, `the mock answered ${response.status}`).toBe(status);
      const body: unknown = await response.json();
      const documented = pick(body, c.at ?? '');
      expect(documented, `the mock's body has nothing at "${c.at ?? ''}"`).toBeDefined();

      const validate = ajv.compile({ ...(rewriteRefs(schema ?? {}) as object), $defs: definitions });
      const valid = validate(documented);
      expect(valid, describeErrors(validate.errors)).toBe(true);
    });
  }

  it('catches a mock that drifts from the document', () => {
    const schema = responseSchema({ method: 'get', path: '/api/app/menu/get-menu', url: '' });
    const validate = ajv.compile({ ...(rewriteRefs(schema ?? {}) as object), $defs: definitions });
    expect(validate({ name: 'Menu górne', type: 'top', content: [] })).toBe(false);
    expect(validate({ name: 'Menu górne', type: 'top' })).toBe(false);
  });
});
