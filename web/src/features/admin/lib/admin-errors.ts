//! The server's refusals in the panel: the one table of codes (shared/api/server-code-texts.ts) has the
//! panel's own words (`panel`) for a course in the past, a NUL character pasted into a field, and a
//! conflict (409) with nothing more specific. The customer site keeps its rule that a bare `conflict` is
//! not read (its screens word their own conflicts); the panel says what happened instead of "try again later".
import { defineMessages } from 'react-intl';

import { isApiError } from '@/shared/api/api-error';
import { errorToast, type ErrorToast } from '@/shared/api/error-toast';
import { knownServerText, type ServerText } from '@/shared/api/server-messages';
import type { DisplayText } from '@/shared/lib/display-text';

const messages = defineMessages({
  notDone: { id: 'admin.server.notDone', defaultMessage: 'Nie wykonano', description: 'Title of the toast for a refusal the panel can explain (400, 409)' },
});

/** A server text in the panel's words (`panel` in the one table of codes), else the site's; null when the
 * table does not know the code. */
export function adminServerText(text: ServerText): DisplayText | null {
  return knownServerText(text, 'panel');
}

/** The toast of a failure in the panel: a refusal of the request (400) or of the state it met (409)
 * that can be worded says what happened (seats gone, changed meanwhile, a character to remove). */
export function adminErrorToast(error: unknown): ErrorToast {
  if (isApiError(error) && (error.status === 400 || error.status === 409)) {
    const known = adminServerText(error);
    if (known) return { type: 'danger', title: messages.notDone, message: known };
  }
  return errorToast(error);
}
