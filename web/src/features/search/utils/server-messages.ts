// The search's refusals (query-api/src/catalogue/search) are field errors with a code (`date.in_past`,
// `field.blank`…) and an English message written for developers ("date is in the past"); here they are
// said in the page's language, by code and field. Anything else goes to the shared catalogue, which
// shows a general sentence for what nobody translated (except on the English site).
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

import { codeOf, serverMessage, type ServerText } from '@/shared/api/server-messages';

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

/** By code, then by field where the same code means different things (`*` for any field). */
const BY_CODE: Record<string, Record<string, MessageDescriptor>> = {
  'date.in_past': { '*': messages.dateInPast },
  'date.before_start': { '*': messages.dateBackBeforeDate },
  'search.same_stops': { '*': messages.sameStops },
  'stop.not_found': { '*': messages.unknownStop },
  'field.invalid_choice': { tripMode: messages.tripMode },
  'field.blank': {
    date: messages.dateRequired,
    dateBack: messages.dateBackRequired,
    start: messages.startRequired,
    end: messages.endRequired,
  },
  'field.not_date': { date: messages.dateInvalid, dateBack: messages.dateBackInvalid },
  'field.out_of_range': { date: messages.dateInvalid, start: messages.unknownStop, end: messages.unknownStop },
  // A stop id that is no whole number: a stop that does not exist, for the person.
  'field.not_integer': { start: messages.unknownStop, end: messages.unknownStop },
};

/** A field error (or the message) of the search's 422 answer, in the page's language. */
export function searchServerMessage(intl: IntlShape, text: ServerText): string {
  const byField = BY_CODE[codeOf(text)];
  const known = byField?.[text.field ?? ''] ?? byField?.['*'];
  if (known) return intl.formatMessage(known);
  return serverMessage(intl, text);
}
