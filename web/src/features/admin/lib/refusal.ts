// A refused request as a form shows it: each field error's sentence at the field it names (by its code,
// from the one table of codes), and what belongs to no field of the form (a 409 `till.day_closed`, a field
// the form does not have) as one sentence above it.
import type { IntlShape } from 'react-intl';

import { isApiError } from '@/shared/api/api-error';
import { errorToast } from '@/shared/api/error-toast';
import { formatDisplayText } from '@/shared/lib/display-text';

import { adminServerText } from './admin-errors';
import { fieldErrorText } from './field-errors';

export interface Refusal {
  /** By the form's field name. */
  fields: Record<string, string>;
  /** What no field of the form says; null when every error is at its field. */
  message: string | null;
}

/** `error` for a form with `fields`. */
export function refusalOf(intl: IntlShape, error: unknown, fields: readonly string[]): Refusal {
  const refusal: Refusal = { fields: {}, message: null };
  const others: string[] = [];
  if (isApiError(error) && error.errors.length > 0) {
    for (const fieldError of error.errors) {
      const text = fieldErrorText(intl, fieldError);
      if (fields.includes(fieldError.field) && !refusal.fields[fieldError.field]) refusal.fields[fieldError.field] = text;
      else others.push(text);
    }
  } else if (isApiError(error)) {
    const known = adminServerText(error);
    others.push(formatDisplayText(intl, known ?? errorToast(error).message));
  } else {
    others.push(formatDisplayText(intl, errorToast(error).message));
  }
  refusal.message = others.length > 0 ? others.join(' ') : null;
  return refusal;
}
