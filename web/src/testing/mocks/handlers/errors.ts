// Error answers shaped like the backend's (DECISIONS.md "API conventions").
import { HttpResponse } from 'msw';

export interface MockFieldError {
  field: string;
  message: string;
}

/** 422 with one entry per invalid field; the message joins them, as the backend does. */
export function validationError(errors: MockFieldError[]) {
  return HttpResponse.json(
    {
      name: 'Unprocessable Entity',
      message: errors.map((error) => error.message).join('; '),
      status: 422,
      errors,
    },
    { status: 422 },
  );
}

export function errorAnswer(status: number, name: string, message: string) {
  return HttpResponse.json({ name, message, status }, { status });
}
