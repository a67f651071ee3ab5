// How a failed API call is told to the user (docs/web.md, 'Every failed call is told'):
// a danger toast; for 422 and 404 its title and
// text are the `name` and `message` of the answer's body (translated by status and `code`), otherwise
// they describe the failure itself.
import { defineMessages } from 'react-intl';

import type { DisplayText } from '../lib/display-text';

import { isApiError } from './api-error';
import { knownServerText, serverText, serverTitle } from './server-messages';

const messages = defineMessages({
  errorTitle: {
    id: 'api.error.title',
    defaultMessage: 'Wystąpił błąd',
    description: 'Title of the toast shown when a request to the server fails',
  },
  network: {
    id: 'api.error.network',
    defaultMessage: 'Nie udało się połączyć z serwerem. Sprawdź połączenie z internetem.',
    description: 'Toast text when the server could not be reached',
  },
  server: {
    id: 'api.error.server',
    defaultMessage: 'Serwer nie mógł obsłużyć żądania. Spróbuj ponownie za chwilę.',
    description: 'Toast text for a 5xx answer or an answer the site cannot read',
  },
  unauthorized: {
    id: 'api.error.unauthorized',
    defaultMessage: 'Sesja wygasła. Zaloguj się ponownie.',
    description: 'Toast text for a 401 answer (the session ended)',
  },
  forbidden: {
    id: 'api.error.forbidden',
    defaultMessage: 'Nie masz uprawnień do tej operacji.',
    description: 'Toast text for a 403 answer',
  },
  deniedTitle: {
    id: 'api.error.deniedTitle',
    defaultMessage: 'Brak dostępu',
    description: 'Title of the toast for a 401 or 403 answer',
  },
});

/** The toast of a failure (a `NewToast` of the toast store: `denied` for 401/403, else `danger`). */
export interface ErrorToast {
  type: 'danger' | 'denied';
  title: DisplayText;
  message: DisplayText;
}

export function errorToast(error: unknown): ErrorToast {
  if (isApiError(error)) {
    if (error.status === 422 || error.status === 404 || error.status === 429) {
      return { type: 'danger', title: serverTitle(error.status, error.name), message: serverText(error) };
    }
    // A refusal the site knows by its code says what happened (a route with courses is archived, not deleted).
    if (error.status === 409 && knownServerText(error)) {
      return { type: 'danger', title: serverTitle(error.status, error.name), message: serverText(error) };
    }
    if (error.status === 401) return { type: 'denied', title: messages.deniedTitle, message: messages.unauthorized };
    if (error.status === 403) return { type: 'denied', title: messages.deniedTitle, message: messages.forbidden };
    if (error.status === 0) return { type: 'danger', title: messages.errorTitle, message: messages.network };
  }
  return { type: 'danger', title: messages.errorTitle, message: messages.server };
}
