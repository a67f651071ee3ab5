// The backend's refusals carry a code (command-api/src/booking, docs/errors.md). The order form, the
// coupon and paying again say them from the one table of codes (shared/api/server-code-texts.ts), in
// their own words where they have them (`order`, some by field); anything else gets a general sentence.
import { defineMessages, type IntlShape } from 'react-intl';

import { serverMessage as sharedServerMessage, type ServerText } from '@/shared/api/server-messages';

const messages = defineMessages({
  noSeats: {
    id: 'order.error.noSeats',
    defaultMessage: 'Brak wystarczającej liczby wolnych miejsc w wybranym kursie. Wybierz inny kurs.',
    description: 'Placing the order answered 409: the seats are gone',
  },
});

/** A refusal of the order form, the coupon or paying again (the answer or one field), in the page's language. */
export function serverMessage(intl: IntlShape, text: ServerText): string {
  return sharedServerMessage(intl, text, 'order');
}

export const placeMessages = messages;
