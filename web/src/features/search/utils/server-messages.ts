// The search's refusals (query-api/src/catalogue/search) are English, written for developers
// ("date is in the past"); here they are said in the page's language. Anything else goes to the shared
// catalogue, which shows a general sentence for what nobody translated (except on the English site).
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

import { serverMessage } from '@/shared/api/server-messages';

const messages = defineMessages({
  dateInPast: {
    id: 'search.server.dateInPast',
    defaultMessage: 'Data wyjazdu już minęła. Wybierz dzisiejszą lub późniejszą.',
    description: 'Server: "date is in the past"',
  },
  dateRequired: {
    id: 'search.server.dateRequired',
    defaultMessage: 'Wybierz datę wyjazdu.',
    description: 'Server: "date is required"',
  },
  dateInvalid: {
    id: 'search.server.dateInvalid',
    defaultMessage: 'Podaj poprawną datę wyjazdu.',
    description: 'Server: "date must be a date YYYY-MM-DD" / "date is out of range"',
  },
  dateBackRequired: {
    id: 'search.server.dateBackRequired',
    defaultMessage: 'Wybierz datę powrotu.',
    description: 'Server: "a return trip needs dateBack" / "dateBack is required"',
  },
  dateBackInvalid: {
    id: 'search.server.dateBackInvalid',
    defaultMessage: 'Podaj poprawną datę powrotu.',
    description: 'Server: "dateBack must be a date YYYY-MM-DD"',
  },
  dateBackBeforeDate: {
    id: 'search.server.dateBackBeforeDate',
    defaultMessage: 'Data powrotu nie może być wcześniejsza niż data wyjazdu.',
    description: 'Server: "dateBack must not be before date"',
  },
  sameStops: {
    id: 'search.server.sameStops',
    defaultMessage: 'Przystanek docelowy musi być inny niż początkowy.',
    description: 'Server: "the destination must differ from the start"',
  },
  startRequired: {
    id: 'search.server.startRequired',
    defaultMessage: 'Wybierz przystanek początkowy.',
    description: 'Server: "start is required"',
  },
  endRequired: {
    id: 'search.server.endRequired',
    defaultMessage: 'Wybierz przystanek docelowy.',
    description: 'Server: "end is required"',
  },
  unknownStop: {
    id: 'search.server.unknownStop',
    defaultMessage: 'Nie ma takiego przystanku. Wybierz go z listy.',
    description: 'Server: "no stop with id N" / "start must be a whole number" (a stop that does not exist)',
  },
  tripMode: {
    id: 'search.server.tripMode',
    defaultMessage: 'Wybierz podróż w jedną stronę albo tam i z powrotem.',
    description: 'Server: "tripMode is one_way or round_trip"',
  },
});

const KNOWN: Record<string, MessageDescriptor> = {
  'date is in the past': messages.dateInPast,
  'date is required': messages.dateRequired,
  'date must be a date YYYY-MM-DD': messages.dateInvalid,
  'date is out of range': messages.dateInvalid,
  'a return trip needs dateBack': messages.dateBackRequired,
  'dateBack is required': messages.dateBackRequired,
  'dateBack must be a date YYYY-MM-DD': messages.dateBackInvalid,
  'dateBack must not be before date': messages.dateBackBeforeDate,
  'the destination must differ from the start': messages.sameStops,
  'start is required': messages.startRequired,
  'end is required': messages.endRequired,
  'tripMode is one_way or round_trip': messages.tripMode,
};

/** A stop the search does not know: by id, or an id that is no whole number in range. */
const UNKNOWN_STOP = /^(?:no stop with id \d+|(?:start|end) must be (?:a whole number|from -?\d+ to \d+))$/;

/** A message of the search's 422 answer, in the page's language. */
export function searchServerMessage(intl: IntlShape, message: string): string {
  const text = message.trim();
  const known = KNOWN[text];
  if (known) return intl.formatMessage(known);
  if (UNKNOWN_STOP.test(text)) return intl.formatMessage(messages.unknownStop);
  return serverMessage(intl, text);
}
