// The one error type the API layer throws, so screens can show "name: message"
// (docs/web.md, 'Every failed call is told') and map
// 422 field errors onto form fields without guessing at shapes.
// zod/mini: the tree-shakable build; this file is in the first download of every page.
import * as z from 'zod/mini';

/** The whole numbers an error's sentence repeats, by name (`{"max": 254}`, `{"minutes": 10}`). */
const paramsSchema = z.optional(z.record(z.string(), z.number()));

/**
 * The backend's error body: `{name, message, status, code, params?, errors?}`; `errors` only for 422,
 * each `{field, message, code, params?}`. `code` is stable (docs/errors.md): screens translate it with
 * its `params`, never `message`. `code` is optional here only so that an answer without one (an old
 * server, a proxy's page) still reads; it then falls back like an unknown code.
 */
export const apiErrorBodySchema = z.object({
  name: z.string(),
  message: z.string(),
  status: z.int(),
  code: z.optional(z.string()),
  params: paramsSchema,
  errors: z.optional(
    z.array(z.object({ field: z.string(), message: z.string(), code: z.optional(z.string()), params: paramsSchema })),
  ),
});

export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
export type FieldError = NonNullable<ApiErrorBody['errors']>[number];

export class ApiError extends Error {
  /** HTTP status; 0 when the request never got an answer (network failure). */
  readonly status: number;
  /** The answer's stable code (`seats.not_enough`); empty when the server sent none. */
  readonly code: string;
  /** The numbers the answer's sentence repeats (`{"minutes": 10}`); empty when it sent none. */
  readonly params: Readonly<Record<string, number>>;
  /** Per-field validation messages (422); empty otherwise. */
  readonly errors: readonly FieldError[];

  constructor(body: ApiErrorBody, options?: ErrorOptions) {
    super(body.message, options);
    // `name` carries the backend's error name (e.g. "Unprocessable entity"): the spec shows it to
    // users. Use `instanceof ApiError` to recognise the type.
    this.name = body.name;
    this.status = body.status;
    this.code = body.code ?? '';
    this.params = body.params ?? {};
    this.errors = body.errors ?? [];
  }

  /** The message for one field of a 422 answer, if the backend sent one. */
  fieldError(field: string): string | undefined {
    return this.errors.find((error) => error.field === field)?.message;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
