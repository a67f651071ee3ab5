// The server's refusals of a passenger's choice (docs/errors.md), said by their code; a 422 on
// `to_course_id` (missing, or not one of the offered courses) by its field. Anything else goes to the
// shared catalogue (a general sentence when nobody translated it, except on the English site).
import type { IntlShape } from 'react-intl';

import { isApiError } from '@/shared/api/api-error';
import { type CodeTranslation, serverMessage, type ServerText, translateCode } from '@/shared/api/server-messages';
import { formatDisplayText } from '@/shared/lib/display-text';

import { texts } from '../components/disruption-messages';

const BY_CODE: Record<string, CodeTranslation> = {
  'disruption.already_chosen': texts.errorAlreadyChosen,
  'disruption.choice_closed': texts.errorClosed,
  'disruption.no_choice': texts.errorNoChoice,
  'disruption.moved_before': texts.errorMovedBefore,
  'disruption.link_invalid': texts.invalidTitle,
  'seats.not_enough': texts.errorSeats,
};

/** One refusal (the answer, or its field error) in the page's language. */
export function choiceErrorMessage(intl: IntlShape, text: ServerText): string {
  if (text.field === 'to_course_id') return intl.formatMessage(texts.errorCourse);
  const known = translateCode(BY_CODE, text);
  return known ? formatDisplayText(intl, known) : serverMessage(intl, text);
}

/** What the page says for a failed choice. */
export function choiceRefusal(intl: IntlShape, error: unknown): string {
  if (!isApiError(error)) return intl.formatMessage(texts.errorOther);
  const [first] = error.errors;
  return choiceErrorMessage(intl, error.status === 422 && first ? first : error);
}
