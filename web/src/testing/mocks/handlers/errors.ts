// Error answers shaped like the backend's (docs/conventions.md, 'Answers and errors'; docs/errors.md).
import { HttpResponse } from 'msw';

import { kindCode, type MockFieldError, type MockParams, withFieldCodes } from './responses';

export type { MockFieldError, MockParams } from './responses';

/**
 * 422 with one entry per invalid field; the message joins them, as the backend does. `code` is the
 * answer's: `validation` for a form's checks, the refusal's own for one refusal shown on a field.
 */
export function validationError(errors: MockFieldError[], code = 'validation') {
  return HttpResponse.json(
    {
      name: 'Unprocessable Entity',
      message: errors.map((error) => error.message).join('; '),
      status: 422,
      code,
      errors: withFieldCodes(errors),
    },
    { status: 422 },
  );
}

/** An answer without field errors; `code` defaults to the status's; `params`, the numbers its sentence repeats. */
export function errorAnswer(status: number, name: string, message: string, code?: string, params?: MockParams) {
  return HttpResponse.json({ name, message, status, code: code ?? kindCode(status), ...(params ? { params } : {}) }, { status });
}
