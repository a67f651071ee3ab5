// The API's shapes, by the names the server's OpenAPI document gives them (openapi.gen.ts, generated
// from web/openapi.json by `npm run api:types`). Endpoint modules take their types from here instead
// of restating them, so the document is the one description of what the server answers.
//
// Answers are not validated field by field at run time: the document is checked against the mock
// backend's answers (testing/mocks/openapi-contract.test.ts) and the server generates it from its own
// types. Only the envelope is checked here. A module keeps a runtime schema where parsing does more
// than restate the type (lenient decoration reads, defaults for missing texts, error bodies).
import { ApiError } from './api-error';
import type { components } from './openapi.gen';

/** A schema of the API document, e.g. `ApiSchema<'OrderView'>`. */
export type ApiSchema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** A list answer's `data`: the page of models (pagination is not read by the customer's pages). */
export interface ListData<Model> {
  models: Model[];
}

/** The `data` of an answer `{"data": …}`; an answer without it is an `InvalidResponse` error. */
export function dataOf<Data>(body: unknown): Data {
  if (body !== null && typeof body === 'object' && 'data' in body) return (body as { data: Data }).data;
  throw new ApiError({ name: 'InvalidResponse', message: 'The server answered without data', status: 200 });
}
