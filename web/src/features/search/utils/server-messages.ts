// The search's refusals (query-api/src/catalogue/search) are field errors with a code (`date.in_past`,
// `field.blank`…) and an English message written for developers ("date is in the past"); they are said
// in the page's language from the one table of codes (shared/api/server-code-texts.ts), in the search's
// words by field where it has its own (`search`). Anything else gets a general sentence.
import type { IntlShape } from 'react-intl';

import { serverMessage, type ServerText } from '@/shared/api/server-messages';

/** A field error (or the message) of the search's 422 answer, in the page's language. */
export function searchServerMessage(intl: IntlShape, text: ServerText): string {
  return serverMessage(intl, text, 'search');
}
