// Bodies shaped like the backend's (DECISIONS "API conventions"), shared by the handler files.

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

export interface MockFieldError {
  field: string;
  message: string;
}

/** `{name, message, status}`, plus `errors` for 422. */
export function errorBody(status: number, message: string, errors?: MockFieldError[]) {
  return { name: NAMES[status] ?? 'Error', message, status, ...(errors ? { errors } : {}) };
}

export function pagination(page: number, perPage: number, totalCount: number) {
  return { page, perPage, totalCount, pageCount: Math.max(1, Math.ceil(totalCount / perPage)) };
}
