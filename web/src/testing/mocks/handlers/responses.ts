// Bodies shaped like the backend's (docs/conventions.md, 'Answers and errors'), shared by the handler files.

const NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The code the backend gives an answer of each status when it has no more specific one (docs/errors.md). */
const KIND_CODES: Record<number, string> = {
  400: 'request.invalid',
  401: 'auth.required',
  403: 'auth.forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'request.too_large',
  422: 'validation',
  429: 'rate_limited',
  500: 'internal',
  503: 'unavailable',
};

export function kindCode(status: number): string {
  return KIND_CODES[status] ?? 'internal';
}

/** The whole numbers an error's sentence repeats (`{max: 254}`), as the backend sends them. */
export type MockParams = Record<string, number>;

/** A field error; `code` as the backend gives it (`field.invalid` when it has no more specific one),
 * `params` only when its sentence has numbers (the web says them from here, never from `message`). */
export interface MockFieldError {
  field: string;
  message: string;
  code?: string;
  params?: MockParams;
}

export function withFieldCodes(errors: MockFieldError[]) {
  return errors.map((error) => ({ ...error, code: error.code ?? 'field.invalid' }));
}

/** `{name, message, status, code}`, plus `errors` for 422; `code` defaults to the status's. */
export function errorBody(status: number, message: string, errors?: MockFieldError[], code?: string, params?: MockParams) {
  return {
    name: NAMES[status] ?? 'Error',
    message,
    status,
    code: code ?? kindCode(status),
    ...(params ? { params } : {}),
    ...(errors ? { errors: withFieldCodes(errors) } : {}),
  };
}

export function pagination(page: number, perPage: number, totalCount: number) {
  return { page, perPage, totalCount, pageCount: Math.max(1, Math.ceil(totalCount / perPage)) };
}
