// A refused save's field errors, translated for the field they belong to (the API's field names are
// the form's). The panel is a staff tool, so a refusal nobody translated still says what the server
// said, after a sentence in the page's language.
import { defineMessages, type IntlShape } from 'react-intl';

import type { FieldError } from '@/shared/api/api-error';
import { formatDisplayText } from '@/shared/lib/display-text';
import type { FieldCode } from '@/shared/rules/problem';
import { problemText } from '@/shared/rules/problem-text';

import { validation, validationValues, type ValidationKey } from '../messages/common-messages';

import { adminServerText } from './admin-errors';
import { moneyIssueText } from './money-input';

const messages = defineMessages<{ refused: { text: string } }>({
  refused: {
    id: 'admin.server.refused',
    defaultMessage: 'Serwer nie przyjął tej wartości ({text}).',
    description: 'A field error from the server that has no translation; {text} is the server message in English',
  },
});

/** The field of a form an API error belongs to: `departure_times.0` -> `departure_times`. */
export function formFieldOf(field: string): string {
  return field.split(/[.[]/)[0] ?? field;
}

export function fieldErrorText(intl: IntlShape, error: FieldError): string {
  const known = adminServerText(error);
  if (known) return formatDisplayText(intl, known);
  return intl.formatMessage(messages.refused, { text: error.message });
}

/** A client-side issue's key (`range|1|1000`) as a sentence; an amount's names its `field` (label). */
export function validationText(intl: IntlShape, message: string | undefined, field = ''): string | undefined {
  if (!message) return undefined;
  const money = moneyIssueText(intl, field, message);
  if (money) return money;
  const [key = '', first = '', second = ''] = message.split('|');
  if (key === 'range') return intl.formatMessage(validationValues.range, { min: first, max: second });
  if (key === 'tooLong') return intl.formatMessage(validationValues.tooLong, { max: Number(first) });
  if (key === 'nul') return intl.formatMessage(validationValues.nul, { field });
  if (key === 'moneyMax') return intl.formatMessage(validationValues.moneyMax, { max: first });
  // A value rule's refusal (lib/validation.ts, `ruled`): the server's code, said as its answer would be.
  if (key.startsWith('field.')) return formatDisplayText(intl, problemText({ code: key as FieldCode, params: first ? { max: Number(first) } : undefined }));
  if (key in validation) return intl.formatMessage(validation[key as ValidationKey]);
  return message;
}
