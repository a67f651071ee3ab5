// The server's refusals of a passenger's choice (docs/errors.md), said by their code from the one table of
// codes (shared/api/server-code-texts.ts), in this screen's words where it has its own (`choice`); a 422 on
// `to_course_id` (missing, or not one of the offered courses) whatever its code, by its field. Anything
// else gets a general sentence.
import type { IntlShape } from 'react-intl';

import { isApiError } from '@/shared/api/api-error';
import { serverMessage, type ServerText } from '@/shared/api/server-messages';

import { texts } from '../components/disruption-messages';

/** One refusal (the answer, or its field error) in the page's language. */
export function choiceErrorMessage(intl: IntlShape, text: ServerText): string {
  if (text.field === 'to_course_id') return intl.formatMessage(texts.errorCourse);
  return serverMessage(intl, text, 'choice');
}

/** What the page says for a failed choice. */
export function choiceRefusal(intl: IntlShape, error: unknown): string {
  if (!isApiError(error)) return intl.formatMessage(texts.errorOther);
  const [first] = error.errors;
  return choiceErrorMessage(intl, error.status === 422 && first ? first : error);
}
