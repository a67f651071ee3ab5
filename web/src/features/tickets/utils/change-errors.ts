// The backend's answers to a refused change of course (command-api/src/booking/change/) carry a
// code; here they are said in the page's language, by code. A course that cannot be booked (no seats,
// sales closed) and anything else go to the shared catalogue, which shows a general sentence for what
// nobody translated (except on the English site, which shows the message as sent).
import { defineMessages, type IntlShape } from 'react-intl';

import { isApiError } from '@/shared/api/api-error';
import {
  type CodeTranslation,
  serverMessage,
  type ServerText,
  translateCode,
  withNumbers,
} from '@/shared/api/server-messages';
import { formatDisplayText } from '@/shared/lib/display-text';

const messages = defineMessages({
  courseCancelled: {
    id: 'tickets.change.error.courseCancelled',
    defaultMessage: 'Ten kurs został odwołany. Wybierz inny kurs.',
    description: 'Server: "The course was cancelled: it sells nothing." (issue 28)',
  },
  numberRequired: {
    id: 'tickets.change.error.numberRequired',
    defaultMessage: 'Podaj numer biletu.',
    description: 'Server: "Please enter the ticket number." (change of course)',
  },
  courseRequired: {
    id: 'tickets.change.error.courseRequired',
    defaultMessage: 'Wybierz nowy kurs.',
    description: 'Server: "Please choose a course." (change of course)',
  },
  notFound: {
    id: 'tickets.change.error.notFound',
    defaultMessage: 'Nie ma biletu o tym numerze.',
    description: 'Server 404: "There is no ticket with this number." (change of course)',
  },
  alreadyChanged: {
    id: 'tickets.change.error.alreadyChanged',
    defaultMessage: 'Kurs tego biletu został już zmieniony. Można go zmienić tylko raz.',
    description: 'Server 409: "The course of this ticket was changed already; it can be changed once."',
  },
  returned: {
    id: 'tickets.change.error.returned',
    defaultMessage: 'Ten bilet został zwrócony, więc nie można zmienić jego kursu.',
    description: 'Server 409: "This ticket was returned." (change of course)',
  },
  notPaid: {
    id: 'tickets.change.error.notPaid',
    defaultMessage: 'Kurs można zmienić tylko w bilecie z opłaconego zamówienia.',
    description: 'Server 409: "Only tickets of a paid order can be changed."',
  },
  sameCourse: {
    id: 'tickets.change.error.sameCourse',
    defaultMessage: 'Bilet jest już na ten kurs. Wybierz inny.',
    description: 'Server 422: "The ticket is for this course already."',
  },
  otherRoute: {
    id: 'tickets.change.error.otherRoute',
    defaultMessage: 'Wybierz kurs tej samej linii, między tymi samymi przystankami.',
    description: 'Server 422: "Choose a course of the same route between the same stops."',
  },
  notOwner: {
    id: 'tickets.change.error.notOwner',
    defaultMessage: 'To nie jest Twój bilet.',
    description: 'Server 403 on a change of course: the ticket is someone else’s',
  },
  pending: {
    id: 'tickets.change.error.pending',
    defaultMessage: 'Zmiana kursu tego biletu czeka już na dopłatę.',
    description: 'Server 409: a change of this ticket waits for its payment',
  },
  used: {
    id: 'tickets.change.error.used',
    defaultMessage: 'Z tym biletem pasażer już wsiadł: nie można zmienić kursu.',
    description: 'Server 409: the ticket was used on board',
  },
});

const bareMessages = defineMessages({
  tooLate: {
    id: 'tickets.change.error.tooLateBare',
    defaultMessage: 'Na zmianę kursu tego biletu jest już za późno.',
    description: 'Server 422 change.too_late when the answer carries no minutes (params.minutes)',
  },
});

const valueMessages = defineMessages<{ tooLate: { minutes: number } }>({
  tooLate: {
    id: 'tickets.change.error.tooLate',
    defaultMessage: 'Kurs można zmienić najpóźniej {minutes, plural, one {# minutę} few {# minuty} many {# minut} other {# minuty}} przed odjazdem.',
    description: 'Server 422: "A course can be changed until N minutes before departure."',
  },
});

const BY_CODE: Record<string, CodeTranslation> = {
  // A blank ticket number, or no course chosen.
  'field.blank': (text) => (text.field === 'course_id' ? messages.courseRequired : messages.numberRequired),
  'ticket.not_found': messages.notFound,
  'order.not_found': messages.notFound,
  not_found: messages.notFound,
  'ticket.not_owner': messages.notOwner,
  'ticket.already_changed': messages.alreadyChanged,
  'ticket.already_returned': messages.returned,
  'order.not_paid': messages.notPaid,
  'change.same_course': messages.sameCourse,
  'course.cancelled': messages.courseCancelled,
  'change.different_route': messages.otherRoute,
  'change.different_stops': messages.otherRoute,
  'change.pending': messages.pending,
  'ticket.used': messages.used,
  'change.too_late': (text) => withNumbers(text, ['minutes'], valueMessages.tooLate, bareMessages.tooLate),
};

/** A refusal of a change of course (the answer or one field), in the page's language. */
export function changeErrorMessage(intl: IntlShape, text: ServerText): string {
  const known = translateCode(BY_CODE, text);
  if (known) return formatDisplayText(intl, known);
  return serverMessage(intl, text);
}

/** A refused change as one sentence to show, or `null` when it is no refusal (network, server error). */
export function changeRefusal(intl: IntlShape, failure: unknown): string | null {
  if (!isApiError(failure)) return null;
  if (failure.status === 403) return intl.formatMessage(messages.notOwner);
  if (failure.status === 404 || failure.status === 409) return changeErrorMessage(intl, failure);
  if (failure.status === 422) return changeErrorMessage(intl, failure.errors[0] ?? failure);
  return null;
}
