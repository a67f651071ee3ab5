// The backend's answers to a refused return (command-api/src/booking/returns.rs) carry a code; they are
// shown in the page's language from the one table of codes (shared/api/server-code-texts.ts), in this
// screen's words where it has its own (`return`), on the field they concern. Anything else gets a
// general sentence.
import type { IntlShape } from 'react-intl';

import { isApiError } from '@/shared/api/api-error';
import { returnTexts } from '@/shared/api/code-texts-tickets';
import { serverMessage, type ServerText } from '@/shared/api/server-messages';

export function returnErrorMessage(intl: IntlShape, text: ServerText): string {
  return serverMessage(intl, text, 'return');
}

/**
 * A refused return as field errors (`number`, `code`) or, when it concerns no field, `general`;
 * `null` when the failure is not a refusal (network, server error).
 */
export function returnRefusal(intl: IntlShape, failure: unknown): Record<string, string> | null {
  if (!isApiError(failure)) return null;
  if (failure.status === 422 && failure.errors.length > 0) {
    return Object.fromEntries(failure.errors.map((error) => [error.field, returnErrorMessage(intl, error)]));
  }
  if (failure.status === 404) return { number: returnErrorMessage(intl, failure) };
  if (failure.status === 403) return { code: intl.formatMessage(returnTexts.notOwner) };
  if (failure.status === 409 || failure.status === 422) return { general: returnErrorMessage(intl, failure) };
  return null;
}
