// The backend's answers to a refused change of course (command-api/src/booking/change/) carry a
// code; they are said in the page's language from the one table of codes (shared/api/server-code-texts.ts),
// in this screen's words where it has its own (`change`). Anything else gets a general sentence.
import type { IntlShape } from 'react-intl';

import { isApiError } from '@/shared/api/api-error';
import { changeTexts } from '@/shared/api/code-texts-tickets';
import { serverMessage, type ServerText } from '@/shared/api/server-messages';

/** A refusal of a change of course (the answer or one field), in the page's language. */
export function changeErrorMessage(intl: IntlShape, text: ServerText): string {
  return serverMessage(intl, text, 'change');
}

/** A refused change as one sentence to show, or `null` when it is no refusal (network, server error). */
export function changeRefusal(intl: IntlShape, failure: unknown): string | null {
  if (!isApiError(failure)) return null;
  if (failure.status === 403) return intl.formatMessage(changeTexts.notOwner);
  if (failure.status === 404 || failure.status === 409) return changeErrorMessage(intl, failure);
  if (failure.status === 422) return changeErrorMessage(intl, failure.errors[0] ?? failure);
  return null;
}
