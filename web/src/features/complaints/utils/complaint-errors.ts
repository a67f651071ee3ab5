// The backend's answers to a refused complaint (command-api/src/complaints) carry a code; each is said in
// the page's language on the field it concerns, from the one table of codes (shared/api/server-code-texts.ts),
// in the complaint form's words where it has its own (`complaint`). Anything else gets a general sentence.
import type { IntlShape } from 'react-intl';

import { isApiError } from '@/shared/api/api-error';
import { serverMessage, type ServerText } from '@/shared/api/server-messages';

export function complaintErrorMessage(intl: IntlShape, text: ServerText): string {
  return serverMessage(intl, text, 'complaint');
}

export type ComplaintField = 'number' | 'email' | 'text' | 'attachments' | 'general';

/** Which of the form's fields an answer's field is (`attachments[1].content` is the files' field). */
function fieldOf(field: string): ComplaintField {
  if (field.startsWith('attachments')) return 'attachments';
  if (field === 'number' || field === 'email' || field === 'text') return field;
  return 'general';
}

/** A refused filing as messages by field; `null` when the failure is not a refusal (network, server). */
export function complaintRefusal(intl: IntlShape, failure: unknown): Partial<Record<ComplaintField, string>> | null {
  if (!isApiError(failure)) return null;
  if (failure.status === 422 && failure.errors.length > 0) {
    return Object.fromEntries(failure.errors.map((error) => [fieldOf(error.field), complaintErrorMessage(intl, error)]));
  }
  if (failure.status >= 400 && failure.status < 500) return { general: complaintErrorMessage(intl, failure) };
  return null;
}
