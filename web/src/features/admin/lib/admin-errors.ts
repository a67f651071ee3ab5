//! The panel's own words for the server's refusals that the shared catalogue leaves general: a
//! course in the past, a NUL character pasted into a field, and a conflict (409) with nothing more
//! specific. The customer site keeps its rule that a bare `conflict` is not read (its screens word
//! their own conflicts); the panel says what happened instead of "try again later".
import { defineMessages } from 'react-intl';

import { isApiError } from '@/shared/api/api-error';
import { errorToast, type ErrorToast } from '@/shared/api/error-toast';
import { knownServerText, translateCode, type CodeTranslation, type ServerText } from '@/shared/api/server-messages';
import type { DisplayText } from '@/shared/lib/display-text';

const messages = defineMessages({
  departurePast: {
    id: 'admin.server.departurePast',
    defaultMessage: 'Odjazd musi być w przyszłości. Wybierz późniejszą datę lub godzinę.',
    description: 'Server code course.departure_past, under the departure field of a new course',
  },
  nulCharacter: {
    id: 'admin.server.nulCharacter',
    defaultMessage: 'Jedno z pól zawiera niewidoczny znak (NUL), zwykle wklejony z innego programu. Usuń go i zapisz ponownie.',
    description: 'Server code request.nul_character (400): a text sent holds a NUL character',
  },
  conflict: {
    id: 'admin.server.conflictGeneral',
    defaultMessage: 'Nie zapisano: w międzyczasie stan tych danych się zmienił (ktoś inny je zmienił albo miejsca zostały sprzedane). Odśwież stronę i sprawdź je.',
    description: 'Server code conflict (409) with nothing more specific, in the admin panel',
  },
  changedMeanwhile: {
    id: 'admin.server.changedMeanwhile',
    defaultMessage: 'Nie zapisano: ktoś inny zmienił te dane w międzyczasie. Odśwież stronę, sprawdź jego zmiany i wprowadź swoje ponownie.',
    description: 'Server code conflict.changed_meanwhile (409) in the admin panel: say what happened, not just "try again"',
  },
  notDone: { id: 'admin.server.notDone', defaultMessage: 'Nie wykonano', description: 'Title of the toast for a refusal the panel can explain (400, 409)' },
});

const ADMIN_BY_CODE: Record<string, CodeTranslation> = {
  'course.departure_past': messages.departurePast,
  'request.nul_character': messages.nulCharacter,
  conflict: messages.conflict,
  'conflict.changed_meanwhile': messages.changedMeanwhile,
};

/** A server text in the panel's words: its own table first, then the site's; null when neither knows the code. */
export function adminServerText(text: ServerText): DisplayText | null {
  return translateCode(ADMIN_BY_CODE, text) ?? knownServerText(text);
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
