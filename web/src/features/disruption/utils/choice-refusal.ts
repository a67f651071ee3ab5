// The server's refusals of a passenger's choice, said by their code (docs/errors.md).
import type { IntlShape } from 'react-intl';

import { isApiError } from '@/shared/api/api-error';

import { texts } from '../components/disruption-messages';

/** What the page says for a refused choice, by the answer's code. */
export function choiceRefusal(intl: IntlShape, error: unknown): string {
  const code = isApiError(error) ? error.code : undefined;
  if (code === 'disruption.already_chosen') return intl.formatMessage(texts.errorAlreadyChosen);
  if (code === 'disruption.choice_closed') return intl.formatMessage(texts.errorClosed);
  if (code === 'seats.not_enough') return intl.formatMessage(texts.errorSeats);
  if (code === 'disruption.link_invalid') return intl.formatMessage(texts.invalidTitle);
  if (isApiError(error) && error.status === 422) return intl.formatMessage(texts.errorCourse);
  return intl.formatMessage(texts.errorOther);
}
