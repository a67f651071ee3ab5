// The panel's refusals say what happened and what to do, in its language: a course in the past at
// its field, a NUL pasted into a field, a conflict (409) that is not "try again later".
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@/i18n/messages';
import { ApiError } from '@/shared/api/api-error';
import { formatDisplayText } from '@/shared/lib/display-text';

import { adminErrorToast } from './admin-errors';
import { fieldErrorText, validationText } from './field-errors';
import { requiredText } from './validation';

const pl = createIntl({ locale: 'pl', messages: MESSAGES.pl });
const en = createIntl({ locale: 'en', messages: MESSAGES.en });

const toastText = (intl: typeof pl, error: ApiError) => {
  const toast = adminErrorToast(error);
  return `${formatDisplayText(intl, toast.title ?? '')} — ${formatDisplayText(intl, toast.message)}`;
};

describe('the panel’s refusals', () => {
  it('say at the departure field that a course must leave in the future, without English or a raw field name', () => {
    const error = { field: 'departure_at', message: 'departure_at must be in the future', code: 'course.departure_past' };
    expect(fieldErrorText(pl, error)).toBe('Odjazd musi być w przyszłości. Wybierz późniejszą datę lub godzinę.');
    expect(fieldErrorText(en, error)).toBe('The departure must be in the future. Choose a later date or time.');
  });

  it('say a NUL character must be removed, not "try again later"', () => {
    const error = new ApiError({ name: 'Bad Request', message: 'the field `name` holds a NUL character, which no field accepts', status: 400, code: 'request.nul_character' });
    expect(toastText(pl, error)).toBe('Nie wykonano — Jedno z pól zawiera niewidoczny znak (NUL), zwykle wklejony z innego programu. Usuń go i zapisz ponownie.');
    // Before it is even sent, the form says which field holds it.
    const issue = requiredText(100).safeParse('Nisko\u0000');
    expect(validationText(pl, issue.error?.issues[0]?.message, 'Nazwa')).toBe(
      'Nazwa: pole zawiera niewidoczny znak (NUL), zwykle wklejony z innego programu. Usuń go (np. wpisz tekst ponownie).',
    );
  });

  it('say what happened on a 409: changed meanwhile, seats gone, any other conflict', () => {
    const conflict = (code: string, message: string, params?: Record<string, number>) => new ApiError({ name: 'Conflict', message, status: 409, code, params });
    expect(toastText(pl, conflict('conflict.changed_meanwhile', 'changed'))).toBe(
      'Nie wykonano — Nie zapisano: ktoś inny zmienił te dane w międzyczasie. Odśwież stronę, sprawdź jego zmiany i wprowadź swoje ponownie.',
    );
    expect(toastText(pl, conflict('seats.not_enough', 'Only 2 seats are left on this course.', { available: 2 }))).toBe(
      'Nie wykonano — W tym kursie zostały tylko 2 wolne miejsca.',
    );
    expect(toastText(en, conflict('conflict', 'the order changed'))).toContain('Not saved: these data changed in the meantime');
    for (const error of [conflict('conflict', 'x'), conflict('conflict.changed_meanwhile', 'x')]) expect(toastText(pl, error)).not.toMatch(/Spróbuj ponownie za chwilę/);
  });
});
