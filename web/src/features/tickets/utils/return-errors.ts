// The backend's answers to a refused return (command-api/src/booking/returns.rs) carry a code; the ones
// people meet are shown in the page's language, by code, on the field they concern. Anything else goes
// to the shared catalogue (a general sentence when nobody translated it, except on the English site).
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
  selectTicket: {
    id: 'tickets.return.error.selectTicket',
    defaultMessage: 'Podaj numer biletu do zwrotu.',
    description: 'Server "Please select a ticket." / "Please enter the ticket number." on the return form',
  },
  notFound: {
    id: 'tickets.return.error.notFound',
    defaultMessage: 'Nie ma biletu o tym numerze.',
    description: 'Server 404: there is no ticket with this number',
  },
  wrong: {
    id: 'tickets.return.error.wrong',
    defaultMessage: 'Kod nie pasuje do tego biletu.',
    description: 'Server: the code does not match this ticket',
  },
  codeRequired: {
    id: 'tickets.return.error.codeRequired',
    defaultMessage: 'Podaj kod biletu.',
    description: 'Server: the code is required (guests)',
  },
  notOwner: {
    id: 'tickets.return.error.notOwner',
    defaultMessage: 'To nie jest Twój bilet. Aby go zwrócić, podaj jego kod.',
    description: 'Server 403: a logged-in user returning someone else’s ticket without its code',
  },
  alreadyReturned: {
    id: 'tickets.return.error.alreadyReturned',
    defaultMessage: 'Ten bilet został już zwrócony.',
    description: 'Server 409: the ticket was returned before',
  },
  notPaid: {
    id: 'tickets.return.error.notPaid',
    defaultMessage: 'Zwrócić można tylko bilety z opłaconego zamówienia.',
    description: 'Server 409: the order is not paid',
  },
});

const bareMessages = defineMessages({
  tooLate: {
    id: 'tickets.return.error.tooLateBare',
    defaultMessage: 'Na zwrot tego biletu jest już za późno.',
    description: 'Server: too late to return, when the answer carries no minutes (params.minutes)',
  },
});

const valueMessages = defineMessages<{ tooLate: { minutes: number } }>({
  tooLate: {
    id: 'tickets.return.error.tooLate',
    defaultMessage: 'Bilet można zwrócić najpóźniej {minutes, plural, one {# minutę} few {# minuty} many {# minut} other {# minuty}} przed odjazdem.',
    description: 'Server: too late to return',
  },
});

const BY_CODE: Record<string, CodeTranslation> = {
  // The ticket number left blank.
  'field.blank': messages.selectTicket,
  'ticket.not_found': messages.notFound,
  'order.not_found': messages.notFound,
  not_found: messages.notFound,
  'ticket.code_required': messages.codeRequired,
  'ticket.wrong_code': messages.wrong,
  'ticket.not_owner': messages.notOwner,
  'ticket.already_returned': messages.alreadyReturned,
  'order.not_paid': messages.notPaid,
  'return.too_late': (text) => withNumbers(text, ['minutes'], valueMessages.tooLate, bareMessages.tooLate),
};

export function returnErrorMessage(intl: IntlShape, text: ServerText): string {
  const known = translateCode(BY_CODE, text);
  return known ? formatDisplayText(intl, known) : serverMessage(intl, text);
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
  if (failure.status === 403) return { code: intl.formatMessage(messages.notOwner) };
  if (failure.status === 409 || failure.status === 422) return { general: returnErrorMessage(intl, failure) };
  return null;
}
